/** Any address no other route matches: a real 404, shown inside the site layout by the root error boundary. */
export function loader() {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
