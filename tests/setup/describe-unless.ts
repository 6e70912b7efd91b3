import { describe } from "vitest";

/** A describe block that is skipped, with the reason in its name, when there is one. */
export function describeUnless(skipReason: string | null | undefined, name: string, body: () => void): void {
  describe.skipIf(Boolean(skipReason))(skipReason ? `${name} (skipped: ${skipReason})` : name, body);
}
