import { absoluteUrl } from "../seo";

type ProjectFacts = { title: string; slug: string; service: string; town: string; month: string; description: string };

/**
 * schema.org data for a project page: a CreativeWork made by the business, about its service, made in a town.
 * The town is only ever addressLocality (with the place's name): a project never carries a streetAddress, and
 * the editor refuses anything that looks like one (lib/projects/project.ts, townProblem).
 */
export function projectJsonLd(project: ProjectFacts, imageUrls: readonly string[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: project.title,
    description: project.description,
    url: absoluteUrl(publicUrl, `/projects/${project.slug}`),
    dateCreated: project.month,
    creator: { "@id": absoluteUrl(publicUrl, "/#business") },
    ...(project.service ? { about: { "@type": "Service", name: project.service } } : {}),
    locationCreated: { "@type": "Place", name: project.town, address: { "@type": "PostalAddress", addressLocality: project.town, addressCountry: "GB" } },
    ...(imageUrls.length > 0 ? { image: imageUrls.map((url) => absoluteUrl(publicUrl, url)) } : {}),
  };
}
