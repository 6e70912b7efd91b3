import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.page.title }, { name: "description", content: loaderData?.page.description }];
}

export function loader() {
  const { pages, business } = getSiteConfig();
  return { page: pages.home, areas: business.areas };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, areas } = loaderData;
  return (
    <div className="container py-4">
      <h1>{page.heading}</h1>
      {page.intro.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p>Serving {areas.join(", ")}.</p>
    </div>
  );
}
