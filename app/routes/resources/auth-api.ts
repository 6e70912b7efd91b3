import { getAuth } from "~/server/auth/auth.server";
import { withSafeCallbacks } from "~/server/auth/redirect-target.server";
import type { Route } from "./+types/auth-api";

// Better Auth's own endpoints: the e-mail verification and password reset links, the Google callback,
// the session. The flows our forms wrap are switched off here (see WRAPPED_PATHS). Every callback address in the
// query goes through the site's one redirect rule first.
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(withSafeCallbacks(request));
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(withSafeCallbacks(request));
}
