import { getAuth } from "~/server/auth/auth.server";
import type { Route } from "./+types/auth-api";

// Better Auth's own endpoints: the e-mail verification and password reset links, the Google callback,
// the session. The flows our forms wrap are switched off here (see WRAPPED_PATHS).
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
