import { SHARE_IMAGE, absoluteUrl } from "./seo";
import type { SiteConfig } from "./site-config";

/**
 * schema.org data for the home page: a HomeAndConstructionBusiness with the areas it serves, its phone and
 * e-mail, and its services, so search engines can show it as a local business.
 */
export function localBusinessJsonLd(
  business: Pick<SiteConfig["business"], "name" | "shortName" | "tagline" | "phone" | "phoneE164" | "email" | "owner" | "locality" | "region" | "country" | "copyrightYear" | "areas">,
  services: Pick<SiteConfig["services"][number], "id" | "name">[],
  publicUrl: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": absoluteUrl(publicUrl, "/#business"),
    name: business.name,
    description: business.tagline,
    url: absoluteUrl(publicUrl, "/"),
    image: absoluteUrl(publicUrl, SHARE_IMAGE.path),
    telephone: business.phoneE164,
    email: business.email,
    founder: { "@type": "Person", name: business.owner },
    address: {
      "@type": "PostalAddress",
      addressLocality: business.locality,
      addressRegion: business.region,
      addressCountry: business.country,
    },
    areaServed: business.areas.map((name) => ({ "@type": "Place", name })),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Services",
      itemListElement: services.map((service) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: service.name, url: absoluteUrl(publicUrl, `/services#${service.id}`) },
      })),
    },
  };
}
