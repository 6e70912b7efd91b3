import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originCheck } from "./origin-check.server";

// A real Express app with the check in front of a POST handler, asked over HTTP with the headers browsers send.
const PUBLIC_URL = "https://www.example.test";
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(originCheck(PUBLIC_URL));
  app.all("/form", (_req, res) => {
    res.send("accepted");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function post(headers: Record<string, string>, method = "POST"): Promise<number> {
  const response = await fetch(`${base}/form`, { method, headers });
  await response.text();
  return response.status;
}

describe("the cross-site request check", () => {
  it("accepts a post from the public address or from the address the request came in on", async () => {
    expect(await post({ origin: PUBLIC_URL, cookie: "s=1", "sec-fetch-site": "same-origin" })).toBe(200);
    expect(await post({ origin: base, cookie: "s=1" })).toBe(200);
  });

  it("accepts a plain form post with Origin null when the browser says it is same-origin", async () => {
    // What Chromium sends for a native form post from a page whose referrer policy is no-referrer.
    expect(await post({ origin: "null", "sec-fetch-site": "same-origin", cookie: "s=1" })).toBe(200);
    expect(await post({ origin: "null", "sec-fetch-site": "same-origin" })).toBe(200);
  });

  it("refuses Origin null from anywhere else, or when the browser does not vouch for it", async () => {
    expect(await post({ origin: "null", "sec-fetch-site": "cross-site", cookie: "s=1" })).toBe(403);
    expect(await post({ origin: "null", "sec-fetch-site": "same-site", cookie: "s=1" })).toBe(403);
    // A sandboxed frame or a data: page: no Sec-Fetch-Site the check can trust.
    expect(await post({ origin: "null", "sec-fetch-site": "none" })).toBe(403);
    expect(await post({ origin: "null", cookie: "s=1" })).toBe(403);
  });

  it("refuses a foreign origin, even when a client claims same-origin", async () => {
    expect(await post({ origin: "https://evil.example", cookie: "s=1" })).toBe(403);
    expect(await post({ origin: "https://evil.example", "sec-fetch-site": "same-origin" })).toBe(403);
    expect(await post({ origin: "http://www.example.test", cookie: "s=1" })).toBe(403);
    const response = await fetch(`${base}/form`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(await response.text()).toBe("Cross-site request refused");
  });

  it("without an Origin, refuses requests with cookies and those the browser marks cross-site", async () => {
    expect(await post({ cookie: "s=1" })).toBe(403);
    expect(await post({ "sec-fetch-site": "cross-site" })).toBe(403);
    expect(await post({ "sec-fetch-site": "same-site" })).toBe(403);
    // A scripted client without cookies (a health probe, a test) is not a cross-site forgery.
    expect(await post({})).toBe(200);
  });

  it("lets reads through whatever their origin", async () => {
    expect(await post({ origin: "https://evil.example", cookie: "s=1" }, "GET")).toBe(200);
  });
});
