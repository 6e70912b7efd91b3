import { Col, Row } from "react-bootstrap";
import type { ShouldRevalidateFunction } from "react-router";
import { DeleteAccount } from "~/components/account/delete-account";
import { NameForm } from "~/components/account/name-form";
import { PasswordForm } from "~/components/account/password-form";
import { PictureForm } from "~/components/account/picture-form";
import { ProfileDetails } from "~/components/account/profile-details";
import { InlineNotice, useIsDocumentAnswer } from "~/components/notice";
import { getNotice } from "~/lib/notices";
import type { ProfileAnswer } from "~/lib/profile-answer";
import { requireVerifiedUser } from "~/server/auth/guards.server";
import { profileAction } from "~/server/auth/profile-action.server";
import { hasPasswordAccount } from "~/server/auth/profile.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [{ title: "Your profile" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, session } = await requireVerifiedUser(request);
  return {
    user: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      isAdmin: user.isAdmin,
      memberSince: user.createdAt.toISOString(),
      loggedInSince: session.createdAt.toISOString(),
    },
    canChangePassword: await hasPasswordAccount(getDb(), user.id),
    // After a plain form post the answer is a redirect here with ?notice=…; see isDocumentRequest.
    notice: getNotice(new URL(request.url)),
  };
}

/** Each form posts an `intent`: name, password, picture, confirm-delete or delete (profile-action.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return profileAction(request);
}

/** After the account is deleted, do not reload this page's data (it would bounce to /signIn). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const result = actionResult as ProfileAnswer | undefined;
  if (result?.intent === "delete" && result.ok) return false;
  return defaultShouldRevalidate;
};

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, canChangePassword, notice } = loaderData;
  // The answer to a plain form post (before the page's scripts ran, or without them): shown in the page, with
  // the section open. With scripts each form posts through its own fetcher and answers in place or in a modal.
  const inPage = useIsDocumentAnswer(actionData);
  const answer = inPage ? actionData : undefined;
  const answerFor = (intent: string) => (answer?.intent === intent ? answer : undefined);
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">Profile</h1>
      {notice ? <InlineNotice notice={notice} /> : null}
      <Row className="g-4">
        <Col md={5}>
          <ProfileDetails user={user} />
        </Col>
        <Col md={7}>
          {/* A native disclosure: it opens before the scripts have loaded. React never changes `open` afterwards. */}
          <div className="accordion">
            <details className="accordion-item" open={answer !== undefined}>
              <summary className="accordion-button">
                <h2 className="accordion-title">Update Profile / Delete account</h2>
              </summary>
              <div className="accordion-body">
                <PictureForm answer={answerFor("picture")} />
                <NameForm current={user.name} answer={answerFor("name")} />
                {canChangePassword ? <PasswordForm answer={answerFor("password")} /> : null}
                <DeleteAccount answer={answerFor("confirm-delete") ?? answerFor("delete")} />
              </div>
            </details>
          </div>
        </Col>
      </Row>
    </div>
  );
}
