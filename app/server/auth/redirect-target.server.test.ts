import { describe, expect, it } from "vitest";
import { getEnv } from "../env.server";
import { getRedirectTarget, withSafeCallbacks } from "./redirect-target.server";

const site = () => getEnv().publicUrl;

describe("where /signIn sends the browser afterwards", () => {
  it("takes ?redirectTo= when it stays on the site", () => {
    expect(getRedirectTarget(new Request(`${site()}/signIn?redirectTo=%2Fprofile`))).toBe("/profile");
    expect(getRedirectTarget(new Request(`${site()}/signIn?redirectTo=%2F%09%2Fevil.example`))).toBe("/");
  });

  it("never reads the Referer: the kept /signIn page is the same for everybody (issue 19, item 2)", () => {
    const withReferer = (referer: string) => new Request(`${site()}/signIn`, { headers: { referer } });
    expect(getRedirectTarget(withReferer(`${site()}/gallery/2`))).toBe("/");
    expect(getRedirectTarget(withReferer("https://evil.example/x"))).toBe("/");
    expect(getRedirectTarget(withReferer("not a url at all"))).toBe("/");
    expect(getRedirectTarget(new Request(`${site()}/signIn`))).toBe("/");
  });
});

describe("Better Auth's callback parameters", () => {
  it("are replaced by / when unsafe and left alone when safe", () => {
    const forged = withSafeCallbacks(new Request(`${site()}/api/auth/verify-email?token=t&callbackURL=%2F%5Cevil.example`));
    expect(new URL(forged.url).searchParams.get("callbackURL")).toBe("/");
    expect(new URL(forged.url).searchParams.get("token")).toBe("t");
    const fine = new Request(`${site()}/api/auth/verify-email?token=t&callbackURL=%2Fprofile`);
    expect(withSafeCallbacks(fine)).toBe(fine);
    const twice = withSafeCallbacks(new Request(`${site()}/api/auth/x?callbackURL=%2Fa&callbackURL=https%3A%2F%2Fevil.example`));
    expect(new URL(twice.url).searchParams.getAll("callbackURL")).toEqual(["/a"]);
  });
});
