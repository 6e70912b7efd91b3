import { afterAll, beforeAll, expect, it } from "vitest";
import { insertCategory } from "../factories/categories";
import { brickWall } from "../../scripts/support/synthetic-photo";
import sharp from "sharp";
import { getVisitCount } from "~/server/visits/visits.server";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../setup/databases";
import { type TestS3, startS3Server } from "../setup/s3";
import { HttpClient, completeUpload, createVerifiedUser, uploadThroughTus } from "../support/http-client";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPorts } from "../support/ports";

const ports = testPorts("integration/two-instances");

// Two production servers on one PostgreSQL database and one bucket, the way a site grows past one machine (each
// with its own DATA_DIR, as two machines would have, and the same AUTH_SECRET).
const pgReason = await postgresUnavailableReason();
const s3 = await startS3Server();
const skipReason = buildMissingReason() ?? pgReason ?? s3.skipReason;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

describeUnless(skipReason, "two instances on one PostgreSQL and one bucket", () => {
  let database: TestDatabase;
  const servers: RunningServer[] = [];
  let admin: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { migrate: false });
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = (s3.server as TestS3).config;
    const env = {
      DATABASE_URL: database.url,
      STORAGE_URL: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint!)}&region=${region}`,
      AWS_ACCESS_KEY_ID: accessKeyId!,
      AWS_SECRET_ACCESS_KEY: secretAccessKey!,
      AUTH_SECRET: "two-instances-share-this-secret-0123456789",
      LOG_LEVEL: "debug",
    };
    servers.push(await startIsolatedServer(ports[0]!, env, { captureLog: true }));
    servers.push(await startIsolatedServer(ports[1]!, env, { captureLog: true }));
    admin = new HttpClient(servers[0]!.baseURL);
    await createVerifiedUser(admin, servers[0]!.dataDir, "owner@two.test", "two-instances-password-1");
  }, 90_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.destroy();
    await s3.server?.stop();
  });

  it("each uploaded photo is finished by exactly one of them", async () => {
    const { id: categoryId } = await insertCategory(database.db, { name: "Shared" });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Alternately through each instance (an upload and its completion reach the same one, as with sticky sessions).
      const client = admin.at(servers[i % 2]!.baseURL);
      const bytes = await sharp(brickWall(1600, 1200, i + 1), { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg().toBuffer();
      const done = await completeUpload(client, await uploadThroughTus(client, bytes, `photo-${i}.jpg`), categoryId, `photo-${i}`);
      expect(done.status).toBe(200);
      ids.push(done.body.image!.id);
    }
    const deadline = Date.now() + 120_000;
    for (;;) {
      const rows = await database.db.selectFrom("image").select("status").where("categoryId", "=", categoryId).execute();
      if (rows.every((row) => row.status === "ready")) break;
      if (Date.now() > deadline) throw new Error("images not finished within two minutes");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const finishes = servers.flatMap((server) =>
      server
        .log()
        .split("\n")
        .filter((line) => line.includes('"msg":"image finished"'))
        .map((line) => (JSON.parse(line) as { imageId: string }).imageId),
    );
    expect(finishes.toSorted()).toEqual(ids.toSorted());
  }, 180_000);

  it("rate limits count attempts made through either instance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const client = new HttpClient(servers[i % 2]!.baseURL);
      const response = await client.post("/signIn", { intent: "sign-in", email: `nobody${i}@two.test`, password: "wrong-password-123", redirectTo: "/" });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).filter((s) => s === 429)).toEqual([]);
    expect(statuses[30]).toBe(429);
  }, 60_000);

  it("the visitor counter counts first visits to either instance exactly", async () => {
    // Visits counted by the tests above are written within half a second: let them land first.
    await new Promise((r) => setTimeout(r, 1_200));
    const before = await getVisitCount(database.db);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => fetch(`${servers[i % 2]!.baseURL}/contact`, { headers: { "user-agent": BROWSER } })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    // Each instance counts in memory and writes within its half-second poll: exactly 100 in all, not one more.
    const deadline = Date.now() + 5_000;
    while ((await getVisitCount(database.db)) < before + 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await getVisitCount(database.db)).toBe(before + 100);
  });
});
