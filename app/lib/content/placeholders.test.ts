import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SiteConfigSchema } from "../site-config";
import { fillPlaceholders } from "./placeholders";

const config = SiteConfigSchema.parse(JSON.parse(readFileSync("config/site.json", "utf8")));

describe("fillPlaceholders", () => {
  it("names the business details where the texts refer to them", () => {
    const pages = fillPlaceholders(config.pages, config.business);
    expect(pages.home.title).toBe("Nene Valley Plastering & Building: plasterer and builder in Peterborough");
    expect(pages.home.intro[0]).toMatch(/^I am Mark, /);
    expect(pages.contact.areasText).toBe("I cover Peterborough, Huntingdon, Stamford, The Deepings, Cambridgeshire and Lincolnshire.");
  });

  it("follows a change of business: another trade in another town shows nothing of the first", () => {
    const business = { ...config.business, name: "Aire Electrical", owner: "Priya Shah", trade: "electrician", locality: "Leeds", areas: ["Leeds", "Bradford"] };
    const text = JSON.stringify(fillPlaceholders({ services: config.services, pages: config.pages }, business));
    expect(text).toContain("Aire Electrical: electrician in Leeds");
    expect(text).toContain("I am Priya, ");
    expect(text).not.toMatch(/\{(owner|firstName|trade|locality|areas|business)\}/);
    expect(text).not.toContain("Mark");
  });

  it("leaves other braces and non-text values alone", () => {
    expect(fillPlaceholders({ a: "{unknown} {owner}", n: 3, b: true }, config.business)).toEqual({ a: "{unknown} Mark Dawson", n: 3, b: true });
  });
});
