import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The site map. Resource routes (no component) live under routes/resources.
export default [
  index("routes/public/home.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("media/:imageId/:variant", "routes/resources/image.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
