import { describe, expect, it } from "vitest";
import { type GalleryItem, type GalleryPage, appendGalleryPage, getFullSizeUrl, getGalleryEntry, getLightboxStep } from "./gallery";
import type { ImageSources } from "./image-url";

const SOURCES: ImageSources = { sources: [], src: "/media/a/w640.jpg?v=x", srcSet: "", sizes: "100vw", width: 800, height: 600 };

function item(id: string, overrides: Partial<GalleryItem> = {}): GalleryItem {
  return { id, title: "", caption: "", placeholderColor: null, sources: SOURCES, ...overrides };
}

describe("getGalleryEntry", () => {
  it("shows the title and caption, with the caption as the alt text", () => {
    expect(getGalleryEntry(item("a", { title: "Skimmed ceiling", caption: "Before painting" }), false, "Photo 1")).toEqual({
      title: "Skimmed ceiling",
      caption: "Before painting",
      alt: "Before painting",
      sources: SOURCES,
    });
  });

  it("says 'No title' when there is none, and never leaves the alt text empty", () => {
    expect(getGalleryEntry(item("a", { title: "Hallway" }), false, "Photo 1").alt).toBe("Hallway");
    const bare = getGalleryEntry(item("a"), false, "Kitchens photo 3");
    expect(bare.title).toBe("No title");
    expect(bare.caption).toBe("");
    expect(bare.alt).toBe("Kitchens photo 3");
  });

  it("gives the spec's fallback entry when nothing is stored or the picture failed to load", () => {
    const expected = { title: "Image not found", caption: "No caption available", alt: "Image not found", sources: null };
    expect(getGalleryEntry(item("a", { title: "T", caption: "C", sources: null }), false, "x")).toEqual(expected);
    expect(getGalleryEntry(item("a", { title: "T", caption: "C" }), true, "x")).toEqual(expected);
  });

  it("keeps HTML in a caption as text for React to escape", () => {
    const caption = "<img src=x onerror=alert(1)>";
    expect(getGalleryEntry(item("a", { caption }), false, "x").caption).toBe(caption);
  });
});

describe("getFullSizeUrl", () => {
  it("links the widest file of the fallback format, the src without a srcset, or the not-found picture", () => {
    const srcSet = "/media/a/w320.jpg?v=1 320w, /media/a/w640.jpg?v=2 640w, /media/a/w1280.jpg?v=3 1280w";
    expect(getFullSizeUrl(getGalleryEntry(item("a", { sources: { ...SOURCES, srcSet } }), false, "x"))).toBe("/media/a/w1280.jpg?v=3");
    expect(getFullSizeUrl(getGalleryEntry(item("a"), false, "x"))).toBe("/media/a/w640.jpg?v=x");
    expect(getFullSizeUrl(getGalleryEntry(item("a"), true, "x"))).toBe("/images/not-found.png");
  });
});

describe("appendGalleryPage", () => {
  it("adds the next page in order and takes its continuation", () => {
    const first: GalleryPage = { items: [item("a"), item("b")], nextAfter: "b" };
    const next: GalleryPage = { items: [item("c"), item("d")], nextAfter: null };
    const merged = appendGalleryPage(first, next);
    expect(merged.items.map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
    expect(merged.nextAfter).toBeNull();
  });

  it("does not show a photo twice when a page is fetched again", () => {
    const first: GalleryPage = { items: [item("a"), item("b")], nextAfter: "b" };
    const merged = appendGalleryPage(first, { items: [item("b"), item("c")], nextAfter: "c" });
    expect(merged.items.map((i) => i.id)).toEqual(["a", "b", "c"]);
    expect(merged.nextAfter).toBe("c");
  });
});

describe("getLightboxStep", () => {
  it("moves between loaded photos", () => {
    expect(getLightboxStep(2, "next", 10, false)).toEqual({ kind: "show", index: 3 });
    expect(getLightboxStep(2, "previous", 10, false)).toEqual({ kind: "show", index: 1 });
  });

  it("stops at the first photo, and at the last when the gallery has no more", () => {
    expect(getLightboxStep(0, "previous", 10, true)).toEqual({ kind: "none" });
    expect(getLightboxStep(9, "next", 10, false)).toEqual({ kind: "none" });
  });

  it("asks for the next page at the last loaded photo when more exist", () => {
    expect(getLightboxStep(23, "next", 24, true)).toEqual({ kind: "load" });
  });
});
