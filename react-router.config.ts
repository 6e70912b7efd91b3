import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // The whole route manifest (about 3 KB compressed) comes with the first page, instead of React Router watching
  // every link on the page after hydration and asking the server about the routes they lead to: that work ran
  // in the first long task after the page became visible.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
