import { describe, expect, it } from "vitest";
import { toInternationalPhone } from "./phone";

describe("toInternationalPhone", () => {
  it("turns the ways people write a UK number into international form", () => {
    for (const typed of ["07700 900123", "07700-900-123", "+44 7700 900123", "+44 (0)7700 900123", "0044 7700 900123", "(07700) 900123"]) {
      expect(toInternationalPhone(typed, "GB")).toBe("+447700900123");
    }
  });

  it("refuses what is not a phone number", () => {
    for (const typed of ["", "call me", "0770090012a", "+0 123", "12345", "7700 900123", "tel:07700900123", "+44 7700 900123 999999999"]) {
      expect(toInternationalPhone(typed, "GB")).toBeNull();
    }
  });

  it("needs the + for a country it does not know", () => {
    expect(toInternationalPhone("0612345678", "ZZ")).toBeNull();
    expect(toInternationalPhone("+33 6 12 34 56 78", "ZZ")).toBe("+33612345678");
  });
});
