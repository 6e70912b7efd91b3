import { describe, expect, it } from "vitest";
import { parseUkPostcode } from "./postcode";

describe("parseUkPostcode", () => {
  it.each([
    ["pe1 1aa", "PE1 1AA"],
    ["PE11AA", "PE1 1AA"],
    ["  pe2  8ab ", "PE2 8AB"],
    ["sw1a1aa", "SW1A 1AA"],
    ["cb4 1dz", "CB4 1DZ"],
    ["pe9", "PE9"],
  ])("reads %j as %j", (input, expected) => {
    expect(parseUkPostcode(input)).toBe(expected);
  });
  it.each(["", "12345", "peterborough", "PE1 1AAA", "1PE 1AA"])("refuses %j", (input) => {
    expect(parseUkPostcode(input)).toBeNull();
  });
});
