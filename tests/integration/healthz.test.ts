import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../setup/databases";
import { startS3Server, type TestS3 } from "../setup/s3";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPorts } from "../support/ports";

const [PORT, PG_PORT] = testPorts("integration/healthz") as [number, number];
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

async function health(server: RunningServer) {
  const response = await fetch(`${server.baseURL}/healthz`);
  return { status: response.status, cacheControl: response.headers.get("cache-control"), body: await response.json() };
}

describeUnless(buildMissingReason(), "/healthz on SQLite and a local folder", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startIsolatedServer(PORT);
  });
  afterAll(async () => server?.stop());

  it("answers 200 with the database, the storage and the build's version", async () => {
    const { status, body, cacheControl } = await health(server);
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-store");
    expect(body).toMatchObject({ status: "ok", database: "ok", storage: "ok", build: { version } });
    expect(body.build.commit).toMatch(/^[0-9a-f]{12}$/);
    expect(Number.isNaN(Date.parse(body.build.builtAt))).toBe(false);
  });
});

const pgReason = await postgresUnavailableReason();
const s3 = await startS3Server();

describeUnless(buildMissingReason() ?? pgReason ?? s3.skipReason, "/healthz on PostgreSQL and S3", () => {
  let server: RunningServer;
  let database: TestDatabase;
  let storage: TestS3;
  beforeAll(async () => {
    storage = s3.server!;
    database = await createTestDatabase("postgres");
    const { bucket, endpoint, accessKeyId = "", secretAccessKey = "" } = storage.config;
    server = await startIsolatedServer(PG_PORT, {
      DATABASE_URL: database.url,
      STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1`,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    await storage?.stop();
  });

  it("is 200 while both answer, then 503 naming the storage once the bucket's server stops", async () => {
    expect((await health(server)).body).toMatchObject({ status: "ok", database: "ok", storage: "ok" });
    await storage.stop();
    const { status, body } = await health(server);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "error", database: "ok", storage: "unavailable", build: { version } });
  });

  it("is 503 naming the database once the database is gone", async () => {
    await database.destroy();
    const { status, body } = await health(server);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "error", database: "unavailable" });
  });
});
