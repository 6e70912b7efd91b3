import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The site map. Resource routes (no component) live under routes/resources.
export default [
  index("routes/public/home.tsx"),
  route("aboutme", "routes/public/about.tsx"),
  route("services", "routes/public/services.tsx"),
  route("webdev", "routes/public/webdev.tsx"),
  route("ha", "routes/public/home-automation.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
