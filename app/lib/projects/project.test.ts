import { describe, expect, it } from "vitest";
import { formatCostBand, formatMonth, slugify, townProblem } from "./project";

describe("townProblem", () => {
  it("accepts town and village names", () => {
    for (const town of ["Bath", "Bradford on Avon", "Weston-super-Mare", "St Ives", "Stow-on-the-Wold", "Chipping Sodbury"]) expect(townProblem(town)).toBeNull();
  });
  it("refuses house numbers, postcodes and streets", () => {
    for (const town of ["12 High Street", "BA1 2AB", "Flat 3", "Bath, Mill Lane", "Mill Lane", "Green Road", "Orchard Close"]) expect(townProblem(town)).not.toBeNull();
  });
});

describe("formatting", () => {
  it("names months, bands and slugs", () => {
    expect(formatMonth("2025-06")).toBe("June 2025");
    expect(formatCostBand(340, 510)).toBe("£340–£510");
    expect(formatCostBand(400, 400)).toBe("£400");
    expect(slugify("Kitchen & bathroom in Bath!")).toBe("kitchen-and-bathroom-in-bath");
  });
});
