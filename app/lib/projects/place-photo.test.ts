import { describe, expect, it } from "vitest";
import { firstEmptyTarget, parsePhotoTarget, photoTargets, placePhoto } from "./place-photo";
import { PROJECT_LIMITS, type ProjectDraft } from "./project";

const A = "0195f0a0-0000-7000-8000-00000000000a";
const B = "0195f0a0-0000-7000-8000-00000000000b";
const draft = (pairs: ProjectDraft["pairs"] = [], photos: ProjectDraft["photos"] = []): ProjectDraft => ({
  slug: "",
  title: "",
  serviceId: "",
  town: "",
  month: "",
  duration: "",
  costFrom: null,
  costTo: null,
  story: "",
  pairs,
  photos,
  reviewId: null,
});

describe("placing an uploaded photo in a project", () => {
  it("reads only the editor's own target values", () => {
    expect(parsePhotoTarget("photos")).toEqual({ kind: "photos" });
    expect(parsePhotoTarget("pair-2-after")).toEqual({ kind: "pair", index: 2, side: "after" });
    for (const bad of ["pair--1-after", "pair-1-middle", "pairs", "", null, "pair-1-before; drop"]) expect(parsePhotoTarget(bad)).toBeNull();
  });

  it("starts a new pair in the slot after the last, and fills a side of an existing one", () => {
    const one = placePhoto(draft(), A, { kind: "pair", index: 0, side: "before" }, "Before")!;
    expect(one.pairs).toEqual([{ before: A, after: "", beforeAlt: "Before", afterAlt: "" }]);
    const two = placePhoto(one, B, { kind: "pair", index: 0, side: "after" }, "After")!;
    expect(two.pairs).toEqual([{ before: A, after: B, beforeAlt: "Before", afterAlt: "After" }]);
    // No gap: pair 3 cannot be started while there is one pair.
    expect(placePhoto(two, B, { kind: "pair", index: 2, side: "before" }, "")).toBeNull();
  });

  it("adds to the further photos once, and refuses past the limit", () => {
    const once = placePhoto(placePhoto(draft(), A, { kind: "photos" }, "x")!, A, { kind: "photos" }, "y")!;
    expect(once.photos).toEqual([{ id: A, alt: "y" }]);
    const full = draft([], Array.from({ length: PROJECT_LIMITS.photos }, (_, i) => ({ id: `${i}`, alt: "" })));
    expect(placePhoto(full, B, { kind: "photos" }, "")).toBeNull();
  });

  it("offers every pair's sides, a new pair's, and chooses the first empty side", () => {
    const half = draft([{ before: A, after: "", beforeAlt: "", afterAlt: "" }]);
    expect(photoTargets(half).map((target) => target.value)).toEqual(["photos", "pair-0-before", "pair-0-after", "pair-1-before", "pair-1-after"]);
    expect(firstEmptyTarget(half)).toBe("pair-0-after");
    expect(firstEmptyTarget(draft())).toBe("pair-0-before");
  });
});
