import { readFile, readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../support/ports";
import { startIsolatedServer } from "../support/server";

// Two test files run at once: each must have ports of its own, and a server must never be mistaken for another's.
describe("test servers' ports", () => {
  const port = testPort("integration/test-ports");
  let squatter: http.Server;
  const requests: string[] = [];

  beforeAll(async () => {
    // Stands in for another file's site on the same port: it answers /healthz as a healthy server would.
    squatter = http.createServer((request, response) => {
      requests.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => squatter.listen(port, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

  it("startIsolatedServer refuses a port that already answers, before starting anything", async () => {
    await expect(startIsolatedServer(port)).rejects.toThrow(`port ${port} already answers`);
    // It looked at the port without asking the other server anything, and did not take its answer for its own.
    expect(requests).toEqual([]);
  });

  it("no test file picks its own offset from E2E_PORT: tests/support/ports.ts hands them out", async () => {
    const files = ["playwright.config.ts", ...(await readdir("tests", { recursive: true })).filter((f) => f.endsWith(".ts")).map((f) => path.join("tests", f))];
    const readers = [];
    for (const file of files) {
      if (file === path.join("tests", "support", "ports.ts")) continue;
      if (/process\.env\.E2E_PORT/.test(await readFile(file, "utf8"))) readers.push(file);
    }
    expect(readers).toEqual([]);
  });
});
