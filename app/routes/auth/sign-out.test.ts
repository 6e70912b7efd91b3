import { describe, expect, it, vi } from "vitest";

// Better Auth failing to sign out (its database unreachable, say).
vi.mock("~/server/auth/auth.server", () => ({
  getAuth: () => ({ api: { signOut: () => Promise.reject(new Error("database unavailable")) } }),
}));

describe("sign-out action", () => {
  it("answers a failure with 500, not 200", async () => {
    const { action } = await import("./sign-out");
    const result = await action({ request: new Request("http://site.test/signOut", { method: "POST" }) } as never);
    expect(result).toMatchObject({ data: { failed: true }, init: { status: 500 } });
  });
});
