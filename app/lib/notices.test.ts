import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "./auth-messages";
import { getNotice, withNotice } from "./notices";

describe("notices after a plain form post", () => {
  it("adds the notice to an address and keeps its other parameters", () => {
    expect(withNotice("/profile", "password-changed")).toBe("/profile?notice=password-changed");
    expect(withNotice("/signIn?redirectTo=%2Fprofile", "verification-sent")).toBe("/signIn?redirectTo=%2Fprofile&notice=verification-sent");
  });

  it("reads back only the notices it knows, with the spec's words", () => {
    expect(getNotice(new URL("http://x/signIn?notice=verification-sent"))).toMatchObject({
      title: AUTH_MESSAGES.verificationSentTitle,
      message: AUTH_MESSAGES.verificationSent,
    });
    expect(getNotice(new URL("http://x/signIn?notice=<b>hello</b>"))).toBeNull();
    expect(getNotice(new URL("http://x/signIn?notice=toString"))).toBeNull();
    expect(getNotice(new URL("http://x/signIn"))).toBeNull();
  });
});
