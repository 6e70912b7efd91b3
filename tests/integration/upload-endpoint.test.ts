import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { takeCompletedUpload } from "~/server/uploads/completed-uploads.server";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";

// The tus endpoint as the production build mounts it, behind the admin guard and the cross-site check.
const PASSWORD = "upload-test-password-1";
const TUS = { "tus-resumable": "1.0.0" };

describeUnless(buildMissingReason(), "upload endpoint", () => {
  let server: RunningServer;
  let admin: HttpClient;
  let member: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer(testPort("integration/upload-endpoint"));
    admin = new HttpClient(server.baseURL);
    member = new HttpClient(server.baseURL);
    // The first verified account becomes the admin.
    await createVerifiedUser(admin, server.dataDir, "owner@upload.test", PASSWORD);
    await createVerifiedUser(member, server.dataDir, "member@upload.test", PASSWORD);
  }, 60_000);
  afterAll(async () => server?.stop());

  const send = (client: HttpClient | null, method: string, url: string, headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>) =>
    fetch(new URL(url, server.baseURL), {
      method,
      headers: { origin: server.baseURL, ...TUS, ...(client ? { cookie: client.cookieHeader } : {}), ...headers },
      body,
    });

  it("lets the admin upload, and hands the finished file to the server", async () => {
    const bytes = readFileSync(path.resolve("tests/fixtures/images/tiny.png"));
    const created = await send(admin, "POST", "/api/uploads", { "upload-length": String(bytes.length), "upload-metadata": `filename ${btoa("tiny.png")}` });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const patched = await send(admin, "PATCH", location, { "upload-offset": "0", "content-type": "application/offset+octet-stream" }, new Uint8Array(bytes));
    expect(patched.status).toBe(204);

    const taken = await takeCompletedUpload(location.split("/").pop()!, path.join(server.dataDir, "tus"));
    expect(taken?.metadata.filename).toBe("tiny.png");
    expect(readFileSync(taken!.file).equals(bytes)).toBe(true);
  });

  it("refuses a visitor (401) and a member (403), also when they replay the admin's upload address", async () => {
    const created = await send(admin, "POST", "/api/uploads", { "upload-length": "4" });
    const location = created.headers.get("location")!;
    for (const [client, status] of [[null, 401], [member, 403]] as const) {
      expect((await send(client, "POST", "/api/uploads", { "upload-length": "4" })).status).toBe(status);
      expect((await send(client, "HEAD", location, {})).status).toBe(status);
      const patch = await send(client, "PATCH", location, { "upload-offset": "0", "content-type": "application/offset+octet-stream" }, new Uint8Array(4));
      expect(patch.status).toBe(status);
    }
    const head = await send(admin, "HEAD", location, {});
    expect(head.headers.get("upload-offset")).toBe("0");
  });

  it("refuses the admin's cookies sent from another site", async () => {
    const response = await send(admin, "POST", "/api/uploads", { "upload-length": "4", origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});
