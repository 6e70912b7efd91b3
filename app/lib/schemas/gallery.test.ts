import { describe, expect, it } from "vitest";
import { CaptionSchema, CategoryNameSchema, ImageNameSchema, LIMITS, TitleSchema } from "./gallery";

describe("gallery field rules", () => {
  it("trims names, titles and captions", () => {
    expect(ImageNameSchema.parse("  worktop  ")).toBe("worktop");
    expect(TitleSchema.parse("  Oak  ")).toBe("Oak");
    expect(CaptionSchema.parse("\n caption \t")).toBe("caption");
    expect(CategoryNameSchema.parse(" kitchens ")).toBe("kitchens");
  });

  it("requires a file name and a category name", () => {
    expect(ImageNameSchema.safeParse("   ").error?.issues[0]?.message).toBe("Please enter a file name");
    expect(CategoryNameSchema.safeParse("").error?.issues[0]?.message).toBe("Please enter a category name");
  });

  it("refuses names that look like paths, so a name can never reach the file system", () => {
    for (const name of ["../../etc/passwd", "a/b", "..\\windows", "tab\tname"]) {
      expect(ImageNameSchema.safeParse(name).success).toBe(false);
    }
    expect(ImageNameSchema.safeParse("..passwd").success).toBe(true);
  });

  it("limits lengths with clear messages", () => {
    expect(TitleSchema.safeParse("x".repeat(LIMITS.title + 1)).error?.issues[0]?.message).toBe("Titles can be at most 120 characters");
    expect(CaptionSchema.safeParse("x".repeat(LIMITS.caption + 1)).error?.issues[0]?.message).toBe("Captions can be at most 1000 characters");
    expect(ImageNameSchema.safeParse("x".repeat(LIMITS.imageName + 1)).error?.issues[0]?.message).toBe("File names can be at most 80 characters");
    expect(CaptionSchema.safeParse("x".repeat(LIMITS.caption)).success).toBe(true);
  });
});
