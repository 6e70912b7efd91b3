import { describe, expect, it } from "vitest";
import { isDocumentRequest } from "./document-request.server";

const post = (headers: Record<string, string>) => new Request("http://site.test/signIn", { method: "POST", headers });

describe("isDocumentRequest", () => {
  it("is true for the browser's own form post, and for a client that says nothing", () => {
    expect(isDocumentRequest(post({ "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" }))).toBe(true);
    expect(isDocumentRequest(post({}))).toBe(true);
  });

  it("is false for a fetch from the page's scripts", () => {
    expect(isDocumentRequest(post({ "sec-fetch-mode": "cors" }))).toBe(false);
    expect(isDocumentRequest(post({ "sec-fetch-mode": "same-origin" }))).toBe(false);
  });
});
