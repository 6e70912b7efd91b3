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

  it("refuses a configuration without an international phone number", () => {
    const broken = structuredClone(config) as { business: { phoneE164?: string } };
    broken.business.phoneE164 = "07700 900123";
    expect(SiteConfigSchema.safeParse(broken).success).toBe(false);
  });
});
