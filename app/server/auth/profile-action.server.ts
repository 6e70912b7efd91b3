import { data, redirect } from "react-router";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { withNotice } from "~/lib/notices";
import type { ProfileAnswer } from "~/lib/profile-answer";
import { ChangePasswordSchema, DisplayNameSchema } from "~/lib/schemas/account";
import { getDb } from "../db/client.server";
import { isDocumentRequest } from "../http/document-request.server";
import { AVATAR_MAX_BYTES, AvatarError } from "../images/avatar.server";
import { getStorage } from "../storage/storage.server";
import { requireVerifiedUser } from "./guards.server";
import { changeDisplayName, changePassword, changePicture, deleteOwnAccount, hasPasswordAccount } from "./profile.server";
import { signOut } from "./sign-in-flow.server";

/**
 * The profile page's forms, by the `intent` they post: name, password, picture, confirm-delete (a plain post's
 * confirmation step) and delete. Errors come back for the field they belong under; a plain form post whose success
 * changes the session is answered with a redirect to a page that shows the notice.
 */
export async function profileAction(request: Request) {
  const current = await requireVerifiedUser(request);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES + 64 * 1024) {
    return data<ProfileAnswer>({ intent: "picture", ok: false, field: "picture", error: "That picture is larger than 10 MB; please choose a smaller one" }, { status: 413 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const db = getDb();
  const plainPost = isDocumentRequest(request);

  switch (intent) {
    case "name": {
      const parsed = DisplayNameSchema.safeParse(form.get("name"));
      if (!parsed.success) return data<ProfileAnswer>({ intent, ok: false, field: "name", error: parsed.error.issues[0]!.message }, { status: 400 });
      const result = await changeDisplayName(request, parsed.data);
      return result.ok ? data<ProfileAnswer>({ intent, ok: true }) : data<ProfileAnswer>({ intent, ...result }, { status: result.status });
    }
    case "password": {
      if (!(await hasPasswordAccount(db, current.user.id))) {
        return data<ProfileAnswer>({ intent, ok: false, field: "newPassword", error: "This account signs in with Google and has no password." }, { status: 400 });
      }
      const parsed = ChangePasswordSchema.safeParse({ currentPassword: form.get("currentPassword"), newPassword: form.get("newPassword") });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return data<ProfileAnswer>({ intent, ok: false, field: String(issue.path[0]), error: issue.message }, { status: 400 });
      }
      const result = await changePassword(request, parsed.data.currentPassword, parsed.data.newPassword);
      if (!result.ok) return data<ProfileAnswer>({ intent, ...result }, { status: result.status });
      // The other sessions, the old one included, are gone: a plain post gets the page again with the new cookie.
      if (plainPost) throw redirect(withNotice("/profile", "password-changed"), { headers: result.headers });
      return data<ProfileAnswer>({ intent, ok: true }, { headers: result.headers });
    }
    case "picture": {
      const file = form.get("picture");
      if (!(file instanceof File) || file.size === 0) {
        return data<ProfileAnswer>({ intent, ok: false, field: "picture", error: "Please choose an image file" }, { status: 400 });
      }
      try {
        const result = await changePicture(request, await getStorage(), current, Buffer.from(await file.arrayBuffer()));
        return result.ok ? data<ProfileAnswer>({ intent, ok: true }) : data<ProfileAnswer>({ intent, ...result }, { status: result.status });
      } catch (error) {
        if (error instanceof AvatarError) return data<ProfileAnswer>({ intent, ok: false, field: "picture", error: error.message }, { status: error.status });
        throw error;
      }
    }
    case "confirm-delete":
      // A plain post of Delete Account: the page asks to confirm (with scripts, a modal asks instead).
      return data<ProfileAnswer>({ intent, ok: true });
    case "delete": {
      const result = await deleteOwnAccount(db, request, await getStorage(), current);
      // The cookies are cleared by these headers; the page says so, then goes home (see shouldRevalidate). This
      // page cannot show a plain post's answer (it is for members only), so that goes to /signIn with the notice.
      if (result.ok && plainPost) throw redirect(withNotice("/signIn", "account-deleted"), { headers: result.headers });
      if (result.ok) return data<ProfileAnswer>({ intent, ok: true }, { headers: result.headers });
      if (result.status === 401) {
        // Recent login required: sign out so the next sign-in is fresh.
        const headers = (await signOut(request)) ?? undefined;
        if (plainPost) throw redirect(withNotice("/signIn", "recent-login"), { headers });
        return data<ProfileAnswer>({ intent, ...result }, { status: 401, headers });
      }
      return data<ProfileAnswer>({ intent, ...result }, { status: result.status });
    }
    default:
      return data<ProfileAnswer>({ intent, ok: false, modal: { title: "Error", message: AUTH_MESSAGES.tryAgain } }, { status: 400 });
  }
}
