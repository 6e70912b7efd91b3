import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
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

/** Passes every request on to the S3 server and counts them: each one is a request the bucket's owner pays for. */
async function startCountingProxy(target: string): Promise<{ endpoint: string; count(): number; close(): Promise<void> }> {
  let requests = 0;
  const upstream = new URL(target);
  const proxy = http.createServer((req, res) => {
    requests += 1;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    count: () => requests,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

const pgReason = await postgresUnavailableReason();
const s3 = await startS3Server();

describeUnless(buildMissingReason() ?? pgReason ?? s3.skipReason, "/healthz on PostgreSQL and S3", () => {
  let server: RunningServer;
  let database: TestDatabase;
  let storage: TestS3;
  let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
  beforeAll(async () => {
    storage = s3.server!;
    database = await createTestDatabase("postgres");
    const { bucket, endpoint, accessKeyId = "", secretAccessKey = "" } = storage.config;
    proxy = await startCountingProxy(endpoint!);
    server = await startIsolatedServer(PG_PORT, {
      DATABASE_URL: database.url,
      STORAGE_URL: `s3://${bucket}?endpoint=${proxy.endpoint}&region=us-east-1`,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    await storage?.stop();
    await proxy?.close();
  });

  /** The answer, once a new check has been made: answers are reused for a few seconds. */
  async function healthChanged(to: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await health(server);
      if (answer.status === to || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it("asks S3 at most once every few seconds, however many anonymous requests come", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const before = proxy.count();
    const answers = await Promise.all(Array.from({ length: 10 }, () => health(server)));
    for (let i = 0; i < 20; i++) answers.push(await health(server));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Thirty answers within a second or two: one check, or two if the reuse window ran out in between.
    expect(proxy.count() - before).toBeGreaterThanOrEqual(1);
    expect(proxy.count() - before).toBeLessThanOrEqual(2);
  });

  it("is 200 while both answer, then 503 naming the storage once the bucket's server stops", async () => {
    expect((await health(server)).body).toMatchObject({ status: "ok", database: "ok", storage: "ok" });
    await storage.stop();
    const { status, body } = await healthChanged(503);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "error", database: "ok", storage: "unavailable", build: { version } });
  });

  it("is 503 naming the database once the database is gone", async () => {
    await database.destroy();
    const { status, body } = await healthChanged(503);
    expect(status).toBe(503);
    const deadline = Date.now() + 15_000;
    let latest = body;
    while (latest.database !== "unavailable" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      latest = (await health(server)).body;
    }
    expect(latest).toMatchObject({ status: "error", database: "unavailable" });
  });
});
