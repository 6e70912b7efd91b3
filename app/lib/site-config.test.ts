import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SiteConfigSchema } from "./site-config";

describe("config/site.json", () => {
  const config = SiteConfigSchema.parse(JSON.parse(readFileSync("config/site.json", "utf8")));

  it("lists the ten services in the spec's order, each with a unique address", () => {
    expect(config.services.map((s) => s.name)).toEqual([
      "Plastering",
      "Tiling",
      "Joinery",
      "Upvc / Aluminium glazing",
      "Plumbing",
      "External works",
      "Brickwork / Stonework",
      "Landlord / Property management",
      "Home Automation",
      "MMA/Tig Welding",
    ]);
    expect(new Set(config.services.map((s) => s.id)).size).toBe(config.services.length);
  });

  it("keeps the spec's fixed texts", () => {
    expect(config.pages.services).toMatchObject({
      title: "Our services",
      description: "Our services include plastering and joinery in Peterborough.",
      heading: "Services",
      hint: "Click on any service for further details",
      closing: "Anything else just ask...",
    });
    expect(config.pages.about.caption).toBe("Please see the services section in the menu");
    expect(config.pages.webdev.heading).toBe("Web and Application Development");
    expect(config.pages.contact.copiedMessage).toBe("copied to clipboard");
  });

  it("tells the story with its markers and ends it", () => {
    const { story } = config.pages.webdev;
    expect(story).toContain("ZX81");
    expect(story).toContain("1982");
    expect(story).toContain("2023");
    expect(story).toMatch(/\[k\]/);
    expect(story).toMatch(/\[t\]/);
    expect(story.trimEnd().endsWith("[e]")).toBe(true);
  });

  it("works out the international phone number, and refuses a phone number that is not one", () => {
    expect(config.business.phoneE164).toBe("+447700900123");
    const typed = structuredClone(config);
    typed.business.phone = "+44 (0)1733 555 012";
    typed.business.phoneE164 = "+447700900123";
    expect(SiteConfigSchema.parse(typed).business.phoneE164).toBe("+441733555012");
    typed.business.phone = "ring the office";
    const result = SiteConfigSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["business", "phone"]);
  });

  it("refuses outside links that are not https, and texts past their limits", () => {
    const broken = structuredClone(config);
    broken.pages.webdev.retroSiteUrl = "javascript:alert(1)";
    expect(SiteConfigSchema.safeParse(broken).error?.issues.map((i) => i.path.join("."))).toEqual(["pages.webdev.retroSiteUrl"]);
    broken.pages.webdev.retroSiteUrl = "http://example.com/";
    expect(SiteConfigSchema.safeParse(broken).success).toBe(false);
    const long = structuredClone(config);
    long.pages.about.sections[0]!.paragraphs[0] = "x".repeat(100_000);
    expect(SiteConfigSchema.safeParse(long).error?.issues[0]?.message).toBe("must be at most 5000 characters");
  });
});
