import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT, bodyLimit, getBodyLimit } from "./body-limit.server";

/** Sends `total` bytes of form data in 64 KB chunks, chunked (no Content-Length) unless `declare` is set; stops when answered. */
function post(port: number, path: string, total: number, declare = false): Promise<{ status: number; sent: number; body: string }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      { port, path, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...(declare ? { "content-length": String(total) } : {}) } },
      (response) => {
        answered = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, sent, body }));
      },
    );
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && sent < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!request.write(part)) return request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe("request body cap", () => {
  let server: http.Server;
  let port: number;
  const seen: { path: string; bytes: number; error?: string }[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit([{ path: /^\/big$/, bytes: 1024 * 1024 }]));
    // Reads the body the way React Router's adapter does: a web stream over the request.
    app.post("/{*splat}", async (req, res) => {
      const body = createReadableStreamFromReadable(req) as ReadableStream<Uint8Array>;
      let bytes = 0;
      try {
        for await (const chunk of body) bytes += chunk.byteLength;
        seen.push({ path: req.path, bytes });
        res.send(`read ${bytes}`);
      } catch (error) {
        seen.push({ path: req.path, bytes, error: (error as Error).message });
        if (!res.headersSent) res.status(500).end();
      }
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("looks the limit up per route, ignoring React Router's .data suffix", () => {
    expect(getBodyLimit("/signIn")).toBe(DEFAULT_BODY_LIMIT);
    expect(getBodyLimit("/profile")).toBe(11 * 1024 * 1024);
    expect(getBodyLimit("/profile.data")).toBe(11 * 1024 * 1024);
    expect(getBodyLimit("/profile/")).toBe(11 * 1024 * 1024);
    expect(getBodyLimit("/profiles")).toBe(DEFAULT_BODY_LIMIT);
    expect(getBodyLimit("/contact", [{ path: /^\/contact$/, bytes: 5 }])).toBe(5);
  });

  it("passes a body within the limit to the route untouched", async () => {
    const result = await post(port, "/signIn", 60 * 1024);
    expect(result.status).toBe(200);
    expect(result.body).toBe(`read ${60 * 1024}`);
  });

  it("refuses a declared Content-Length over the limit before reading any of it", async () => {
    const before = seen.length;
    const result = await post(port, "/signIn", 64 * 1024 * 1024, true);
    expect(result.status).toBe(413);
    expect(result.body).toContain("Request too large");
    expect(result.sent).toBeLessThan(8 * 1024 * 1024);
    expect(seen.length).toBe(before);
  });

  it("answers the hydrated page's post (.data) with the sentence alone, which its error screen shows as it is", async () => {
    const result = await post(port, "/manage/reviews.data", 64 * 1024 * 1024, true);
    expect(result.status).toBe(413);
    expect(result.body).toBe("What was sent is larger than this page accepts. Please go back and send less.");
  });

  it("counts a chunked body as it arrives: 413 after the limit, and the route's read fails", async () => {
    const result = await post(port, "/signIn", 64 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(8 * 1024 * 1024);
    const read = seen.at(-1)!;
    expect(read.error).toMatch(/too large/);
    expect(read.bytes).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT);
  });

  it("gives a route in the table its own limit", async () => {
    expect((await post(port, "/big", 900 * 1024)).status).toBe(200);
    expect((await post(port, "/big", 2 * 1024 * 1024)).status).toBe(413);
  });
});
