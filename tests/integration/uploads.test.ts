import express from "express";
import { mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVariants } from "~/lib/image-variants";
import { createImageWorker } from "~/server/images/image-worker.server";
import { MAX_UPLOAD_BYTES } from "~/server/images/inspect-upload.server";
import { deleteStaleUploads, takeCompletedUpload } from "~/server/uploads/completed-uploads.server";
import { type AuthorizeUpload, UPLOADS_PATH, createUploadHandler } from "~/server/uploads/upload-handler.server";
import { insertCategory } from "../factories/categories";
import { createTestDatabase } from "../setup/databases";
import { FIXTURES_DIR, createTestPipeline } from "../setup/images";

const ADMIN_COOKIE = "session=admin";

/** Stands in for the admin guard: a Response thrown for anyone without the admin's cookie. */
const onlyAdmin: AuthorizeUpload = (request) => {
  if (request.headers.get("cookie") !== ADMIN_COOKIE) throw new Response("Forbidden", { status: 403 });
};

async function startServer(directory: string, authorize?: AuthorizeUpload) {
  const app = express();
  app.use(UPLOADS_PATH, createUploadHandler({ directory, authorize }));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, endpoint: `${base}${UPLOADS_PATH}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const TUS = { "Tus-Resumable": "1.0.0" };

function uploadWithTusClient(endpoint: string, bytes: Buffer, metadata: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      endpoint,
      headers: { cookie: ADMIN_COOKIE },
      metadata,
      // Several PATCH requests, as a browser on a slow connection would send.
      chunkSize: 100 * 1024,
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(upload.url as string),
    });
    upload.start();
  });
}

/** Sends part of a PATCH body and then drops the connection, like a phone losing signal mid-upload. */
function interruptedPatch(url: string, body: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "PATCH",
      headers: {
        ...TUS,
        cookie: ADMIN_COOKIE,
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(body.length),
      },
    });
    request.on("error", () => resolve());
    request.on("close", () => resolve());
    request.write(body.subarray(0, sendBytes), () => setTimeout(() => request.destroy(), 200));
  });
}

describe("resumable uploads (tus)", () => {
  let directory: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  let photo: Buffer;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), "tus-"));
    server = await startServer(directory, onlyAdmin);
    photo = await readFile(path.join(FIXTURES_DIR, "landscape.jpg"));
  });
  afterAll(async () => {
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("refuses everyone until a guard is passed in", async () => {
    const locked = await startServer(directory);
    const response = await fetch(locked.endpoint, { method: "POST", headers: { ...TUS, "Upload-Length": "10", cookie: ADMIN_COOKIE } });
    expect(response.status).toBe(401);
    await locked.close();
  });

  it("refuses a visitor with whatever the guard throws, storing nothing", async () => {
    const before = await readdir(directory);
    const response = await fetch(server.endpoint, { method: "POST", headers: { ...TUS, "Upload-Length": "10" } });
    expect(response.status).toBe(403);
    expect(await readdir(directory)).toEqual(before);
  });

  it("uploads in chunks with tus-js-client and hands the finished file over exactly once", async () => {
    const url = await uploadWithTusClient(server.endpoint, photo, { filename: "wall.jpg", filetype: "image/jpeg" });
    const id = url.split("/").pop()!;
    const taken = await takeCompletedUpload(id, directory);
    expect(taken).toMatchObject({ id, size: photo.length, metadata: { filename: "wall.jpg", filetype: "image/jpeg" } });
    expect((await readFile(taken!.file)).equals(photo)).toBe(true);
    expect(await takeCompletedUpload(id, directory)).toBeNull();
    await rm(taken!.file);
  });

  it("resumes at the offset the server kept after the connection dropped mid-PATCH", async () => {
    const created = await fetch(server.endpoint, {
      method: "POST",
      headers: { ...TUS, cookie: ADMIN_COOKIE, "Upload-Length": String(photo.length) },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get("Location")!, server.base).toString();

    await interruptedPatch(url, photo, 150_000);
    let offset = 0;
    for (let i = 0; i < 50; i++) {
      const head = await fetch(url, { method: "HEAD", headers: { ...TUS, cookie: ADMIN_COOKIE } });
      offset = Number(head.headers.get("Upload-Offset"));
      if (offset > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(photo.length);
    const id = url.split("/").pop()!;
    expect(await takeCompletedUpload(id, directory)).toBeNull();

    const rest = await fetch(url, {
      method: "PATCH",
      headers: { ...TUS, cookie: ADMIN_COOKIE, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      body: new Uint8Array(photo.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get("Upload-Offset")).toBe(String(photo.length));
    const taken = await takeCompletedUpload(id, directory);
    expect((await readFile(taken!.file)).equals(photo)).toBe(true);
    await rm(taken!.file);
  });

  it("refuses uploads over 25 MB up front", async () => {
    const response = await fetch(server.endpoint, {
      method: "POST",
      headers: { ...TUS, cookie: ADMIN_COOKIE, "Upload-Length": String(MAX_UPLOAD_BYTES + 1) },
    });
    expect(response.status).toBe(413);
  });

  it("never sends uploaded bytes back (GET is refused)", async () => {
    const url = await uploadWithTusClient(server.endpoint, Buffer.from("<script>alert(1)</script>"), { filetype: "text/html" });
    const response = await fetch(url, { headers: { cookie: ADMIN_COOKIE } });
    expect(response.status).toBe(405);
  });

  it.each(["../../etc/passwd", "..", "", "ABCDEF", "0".repeat(31)])("takes nothing for the id %j", async (id) => {
    expect(await takeCompletedUpload(id, directory)).toBeNull();
  });

  it("deletes uploads left for more than a day, keeping recent ones", async () => {
    const created = await fetch(server.endpoint, { method: "POST", headers: { ...TUS, cookie: ADMIN_COOKIE, "Upload-Length": "100" } });
    const fresh = created.headers.get("Location")!.split("/").pop()!;
    const stale = "a".repeat(32);
    await writeFile(path.join(directory, stale), "partial");
    await writeFile(path.join(directory, `${stale}.json`), "{}");
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await utimes(path.join(directory, stale), dayAgo, dayAgo);
    await utimes(path.join(directory, `${stale}.json`), dayAgo, dayAgo);

    const deleted = await deleteStaleUploads(directory);
    expect(deleted.toSorted()).toEqual([stale, `${stale}.json`]);
    expect((await stat(path.join(directory, fresh))).isFile()).toBe(true);
  });

  it("turns a finished upload into a gallery image", async () => {
    const test = await createTestDatabase("sqlite");
    const pipeline = await createTestPipeline(test.db);
    const { id: categoryId } = await insertCategory(test.db, { name: "Brickwork" });

    const url = await uploadWithTusClient(server.endpoint, photo, { filename: "wall.jpg" });
    const upload = (await takeCompletedUpload(url.split("/").pop()!, directory))!;
    const worker = createImageWorker(pipeline);
    const image = await worker.addImage({ file: upload.file, categoryId, name: upload.metadata.filename!, title: "", caption: "" });
    expect(image).toMatchObject({ name: "wall.jpg", width: 1600, height: 1067 });
    expect(parseVariants(image.variants).length).toBeGreaterThan(0);
    await expect(stat(upload.file)).rejects.toMatchObject({ code: "ENOENT" });
    await worker.stop();
    await pipeline.cleanup();
    await test.destroy();
  });
});
