import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-create-gallery-and-visits";
import * as m0002 from "./0002-create-auth-tables";

/** Static list, so the bundler includes every migration and the order never depends on the file system. */
export const migrations: Record<string, Migration> = {
  "0001-create-gallery-and-visits": m0001,
  "0002-create-auth-tables": m0002,
};
