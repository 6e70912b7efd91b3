import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const SITE = "https://site.example";

describe("safeRedirect", () => {
  it.each([
    ["//x"],
    ["//evil.example/path"],
    ["/\t/x"],
    ["/\n/x"],
    ["/\r\n/x"],
    ["/\\x"],
    ["\\\\x"],
    ["/%5Cx"],
    ["/%5C%5Cx"],
    ["%5C%5Cx"],
    ["/%255Cx"],
    ["/%09/x"],
    ["/.//x"],
    ["/a/../..//x"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["https://x"],
    ["https:x"],
    ["http://site.example/x"],
    ["https://site.example.evil.example/x"],
    ["https://user@evil.example"],
    ["/signIn"],
    ["/signIn?redirectTo=/x"],
    ["/signout"],
    ["/%E0%A4%A"],
    [""],
    [42],
    [null],
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, SITE)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/profile", "/profile"],
    ["/gallery/3?after=abc#photo", "/gallery/3?after=abc#photo"],
    ["/manage?category=2", "/manage?category=2"],
    ["https://site.example/services#plastering", "/services#plastering"],
    ["/signInHelp", "/signInHelp"],
    ["/a/./b/../c", "/a/c"],
  ])("keeps %j on the site as %j", (target, expected) => {
    expect(safeRedirect(target, SITE)).toBe(expected);
  });

  it("uses the fallback given", () => {
    expect(safeRedirect("//x", SITE, "/profile")).toBe("/profile");
  });
});
