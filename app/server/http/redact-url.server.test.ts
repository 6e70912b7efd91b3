import { describe, expect, it } from "vitest";
import { isTokenLike, redactUrl } from "./redact-url.server";

describe("URLs in request logs", () => {
  it.each([
    ["/reset-password?token=Qx7rT2mWk9pLs3vN8bZc4dFh", "/reset-password?token=[redacted]"],
    ["/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.sig-Part_1&callbackURL=%2F", "/api/auth/verify-email?token=[redacted]&callbackURL=%2F"],
    ["/api/auth/reset-password/QxrTmWkpLsvNbZcdFhJgKtYe?callbackURL=%2Freset-password", "/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password"],
    ["/api/auth/callback/google?code=abc&state=xyz", "/api/auth/callback/google?code=[redacted]&state=[redacted]"],
    ["/x?other=Zq81bXc0vPl4Wm2aNs7T", "/x?other=[redacted]"],
    // A review link whose 256-bit token happens to be all lower-case letters and dashes still never reaches the log.
    ["/review/abcdefghijklmnopqrstuvwxyz-abcdefghijklmnop?sent=1", "/review/[redacted]?sent=1"],
  ])("redacts %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    "/",
    "/gallery/12?after=0193a5e4-8f1c-7b2e-9d3a-0c4b5e6f7a8b",
    "/media/0193a5e4-8f1c-7b2e-9d3a-0c4b5e6f7a8b/w640.webp?v=AbC123xyz_-9",
    "/home-automation",
    "/signIn?redirectTo=%2Fprofile",
    "/manage/users",
  ])("keeps %s readable", (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it("tells tokens from words", () => {
    expect(isTokenLike("forgot-password-page")).toBe(false);
    expect(isTokenLike("QxrTmWkpLsvNbZcdFhJgKtYe")).toBe(true);
  });
});
