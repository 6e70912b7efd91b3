import { describe, expect, it } from "vitest";
import { uploadCategoryChoices } from "./project-photo-upload.server";

describe("the category a photo uploaded from the project editor goes into", () => {
  const categories = [
    { id: 1, name: "kitchens" },
    { id: 2, name: "Plastering" },
  ];
  it("is the category named like the project's service, whatever its case", () => {
    expect(uploadCategoryChoices(categories, "plastering")).toEqual({ options: [{ value: "1", label: "kitchens" }, { value: "2", label: "Plastering" }], chosen: "2" });
  });
  it("is a new category named for the service when there is none", () => {
    const choices = uploadCategoryChoices(categories, "Tiling");
    expect(choices.chosen).toBe("new:Tiling");
    expect(choices.options.at(-1)).toEqual({ value: "new:Tiling", label: "Tiling (a new category)" });
  });
  it("is a Projects category before a service is chosen", () => {
    expect(uploadCategoryChoices([], "").chosen).toBe("new:Projects");
  });
});
