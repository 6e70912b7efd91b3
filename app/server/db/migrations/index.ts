import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-create-gallery-and-visits";
import * as m0002 from "./0002-create-auth-tables";
import * as m0003 from "./0003-add-user-last-login";
import * as m0004 from "./0004-index-image-category-order";
import * as m0005 from "./0005-create-enquiries-outbox-traffic";
import * as m0006 from "./0006-add-image-job-claims";
import * as m0007 from "./0007-create-content-version";
import * as m0008 from "./0008-create-request-limit";
import * as m0012 from "./0012-create-content-documents";
import * as m0013 from "./0013-create-reviews";

/** Static list, so the bundler includes every migration and the order never depends on the file system. */
export const migrations: Record<string, Migration> = {
  "0001-create-gallery-and-visits": m0001,
  "0002-create-auth-tables": m0002,
  "0003-add-user-last-login": m0003,
  "0004-index-image-category-order": m0004,
  "0005-create-enquiries-outbox-traffic": m0005,
  "0006-add-image-job-claims": m0006,
  "0007-create-content-version": m0007,
  "0008-create-request-limit": m0008,
  "0012-create-content-documents": m0012,
  "0013-create-reviews": m0013,
};
