import { describe, expect, it } from "vitest";
import { configPageMeta, pageMeta } from "./seo";
import { localBusinessJsonLd } from "./structured-data";

const identity = { publicUrl: "https://builder.example", site: { name: "Nene Valley Plastering & Building" } };

describe("pageMeta", () => {
  it("gives title, description, canonical address and Open Graph tags under the public address", () => {
    const tags = pageMeta(identity, { title: "Our services", description: "What I do.", path: "/services" });
    expect(tags).toContainEqual({ title: "Our services" });
    expect(tags).toContainEqual({ name: "description", content: "What I do." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://builder.example/services" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://builder.example/services" });
    expect(tags).toContainEqual({ property: "og:title", content: "Our services" });
    expect(tags).toContainEqual({ property: "og:site_name", content: "Nene Valley Plastering & Building" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://builder.example/images/share.png" });
  });

  it("still gives title and description when the root data is missing (an error page)", () => {
    expect(pageMeta(undefined, { title: "T", description: "D", path: "/" })).toEqual([
      { title: "T" },
      { name: "description", content: "D" },
    ]);
  });
});

describe("configPageMeta", () => {
  it("takes the page's configured title and description, and gives nothing before its data has loaded", () => {
    const meta = configPageMeta("/ha");
    const page = { title: "Home automation", description: "Lights and heating." };
    expect(meta({ loaderData: { page }, matches: [{ loaderData: identity }] })).toEqual(pageMeta(identity, { ...page, path: "/ha" }));
    expect(meta({ loaderData: undefined, matches: [{ loaderData: identity }] })).toEqual([]);
  });
});

describe("localBusinessJsonLd", () => {
  it("describes a HomeAndConstructionBusiness with its areas, phone, e-mail and services", () => {
    const data = localBusinessJsonLd(
      {
        name: "Nene Valley Plastering & Building",
        shortName: "Nene Valley",
        owner: "Mark Dawson",
        tagline: "Plastering around Peterborough.",
        areas: ["Peterborough", "Stamford"],
        email: "mark@example.test",
        phone: "07700 900123",
        phoneE164: "+447700900123",
        locality: "Peterborough",
        region: "Cambridgeshire",
        country: "GB",
        copyrightYear: 2024,
      },
      [{ id: "plastering", name: "Plastering" }],
      "https://builder.example",
    );
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "HomeAndConstructionBusiness",
      url: "https://builder.example/",
      telephone: "+447700900123",
      email: "mark@example.test",
      areaServed: [
        { "@type": "Place", name: "Peterborough" },
        { "@type": "Place", name: "Stamford" },
      ],
      address: { addressLocality: "Peterborough", addressRegion: "Cambridgeshire", addressCountry: "GB" },
    });
    expect(data.hasOfferCatalog.itemListElement[0]!.itemOffered).toEqual({
      "@type": "Service",
      name: "Plastering",
      url: "https://builder.example/services#plastering",
    });
  });
});
