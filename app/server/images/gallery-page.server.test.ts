import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { parseAfterParam } from "./gallery-page.server";

describe("parseAfterParam", () => {
  it("reads an image id, and tells a missing one from a malformed one", () => {
    const id = uuidv7();
    expect(parseAfterParam(new URL(`http://x/gallery/1?after=${id.toUpperCase()}`))).toBe(id);
    expect(parseAfterParam(new URL("http://x/gallery/1"))).toBeUndefined();
    expect(parseAfterParam(new URL("http://x/gallery/1?after=../../etc/passwd"))).toBeNull();
    expect(parseAfterParam(new URL("http://x/gallery/1?after="))).toBeNull();
  });
});
