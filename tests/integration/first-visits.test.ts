import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, createDb } from "~/server/db/client.server";
import { getVisitCount, listVisitDays } from "~/server/visits/visits.server";
import { createTestDatabase, type TestDatabase, testDialects } from "../setup/databases";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPorts } from "../support/ports";

// 200 browsers opening the site at the same moment, against the production server, on SQLite and on PostgreSQL.
const built = existsSync("build/server/index.js");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const [sqlitePort, postgresPort] = testPorts("integration/first-visits") as [number, number];

for (const dialect of await testDialects()) {
  const skip = dialect.skip || !built;
  const label = built ? dialect.label : `${dialect.label} (skipped: run \`npm run build\` first)`;
  describe.skipIf(skip)(`200 first visits at once ${label}`, () => {
    let database: TestDatabase | undefined;
    let server: RunningServer;
    let db: Db;

    beforeAll(async () => {
      const env: Record<string, string> = {};
      if (dialect.kind === "postgres") {
        // An empty database of its own; the server migrates it at start-up.
        database = await createTestDatabase("postgres", { migrate: false });
        env.DATABASE_URL = database.url;
      }
      server = await startIsolatedServer(dialect.kind === "sqlite" ? sqlitePort : postgresPort, env);
      db = database?.db ?? createDb({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });
    }, 60_000);
    afterAll(async () => {
      if (!database) await db?.destroy();
      await server?.stop();
      await database?.destroy();
    });

    it("raise the visitor number by exactly 200, each told its own number", async () => {
      const before = await getVisitCount(db);
      const responses = await Promise.all(
        Array.from({ length: 200 }, () => fetch(`${server.baseURL}/contact`, { headers: { "user-agent": BROWSER } })),
      );
      expect(responses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const numbers = await Promise.all(responses.map(async (r) => Number(/visitor number (?:<!-- -->)?(\d+)/.exec(await r.text())?.[1])));
      // Each browser's cookie remembers the number it was shown.
      expect(responses.map((r, i) => r.headers.getSetCookie().some((c) => c.startsWith(`visited=${numbers[i]};`)))).not.toContain(false);
      expect(await getVisitCount(db)).toBe(before + 200);
      expect((await listVisitDays(db, 1))[0]?.count).toBe(before + 200);
      // Every visitor saw their own number, which counts their own visit.
      expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => before + i + 1));
    });
  });
}
