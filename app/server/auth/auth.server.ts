import { betterAuth } from "better-auth";
import { admin, genericOAuth } from "better-auth/plugins";
import type { Db } from "../db/client.server";
import { getDb } from "../db/client.server";
import type { Env } from "../env.server";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mail.server";
import { getMailer } from "../mail/mail.server";
import { CLIENT_IP_HEADER } from "../http/origin-check.server";
import { MAX_PASSWORD_LENGTH } from "~/lib/schemas/account";
import { getPublishedContent } from "../content/site-content.server";
import { promoteIfFirstAdmin } from "./admin-role.server";
import { resetPasswordMail, verificationMail } from "./auth-mail.server";

export const MIN_PASSWORD_LENGTH = 8;
/** Deleting the account needs a sign-in at most this old (Better Auth's "fresh" session). */
export const FRESH_AGE_SECONDS = 12 * 60 * 60;

/**
 * Endpoints our own forms wrap (with validation, per-account rate limits and the spec's messages).
 * They stay callable from the server (auth.api.*) but answer 404 over HTTP, so nobody can go around
 * those checks. What remains public: the verification and reset links, the OAuth callback, the session.
 */
const WRAPPED_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/send-verification-email",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/update-user",
  "/delete-user",
  "/change-email",
  "/set-password",
  "/sign-in/social",
  "/sign-in/oauth2",
  "/link-social",
  "/unlink-account",
  "/list-accounts",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/list-sessions",
  "/admin/set-role",
  "/admin/remove-user",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/ban-user",
  "/admin/unban-user",
  "/admin/impersonate-user",
  "/admin/stop-impersonating",
  "/admin/set-user-password",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
  "/admin/list-user-sessions",
  "/admin/list-users",
  "/admin/get-user",
  "/admin/has-permission",
];

export type AuthDeps = {
  db: Db;
  dbKind: "sqlite" | "postgres";
  env: Pick<Env, "publicUrl" | "authSecret" | "google" | "ownerEmail">;
  mailer: Mailer;
  siteName: string;
};

export function createAuth({ db, dbKind, env, mailer, siteName }: AuthDeps) {
  const secure = env.publicUrl.startsWith("https:");
  const promote = async (user: { id: string; email: string; emailVerified: boolean }) => {
    if (await promoteIfFirstAdmin(db, user, env.ownerEmail)) logger.info({ userId: user.id }, "account made admin");
  };
  return betterAuth({
    appName: siteName,
    baseURL: env.publicUrl,
    secret: env.authSecret,
    database: { db, type: dbKind },
    trustedOrigins: [env.publicUrl],
    disabledPaths: WRAPPED_PATHS,
    emailAndPassword: {
      enabled: true,
      // Members may sign in before verifying; member pages send them back to /signIn until they do (spec).
      requireEmailVerification: false,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordMail(siteName, user.email, url), { kind: "reset-password" });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(siteName, user.email, url), { kind: "verify-email" });
      },
      afterEmailVerification: async (user) => promote({ ...user, emailVerified: true }),
    },
    user: { deleteUser: { enabled: true } },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    session: { freshAge: FRESH_AGE_SECONDS },
    rateLimit: { enabled: true, storage: "database", window: 60, max: 60 },
    databaseHooks: {
      user: {
        // A Google account arrives already verified.
        create: { after: async (user) => promote(user) },
      },
      session: {
        create: {
          after: async (session) => {
            await db
              .updateTable("user")
              .set({ lastLoginAt: new Date().toISOString() })
              .where("id", "=", session.userId)
              .execute();
          },
        },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      ...(env.google
        ? [
            genericOAuth({
              config: [
                {
                  // Registered under Google's id so the callback is /api/auth/callback/google; the issuer's
                  // discovery document decides the endpoints (a local OpenID server in tests).
                  providerId: "google",
                  discoveryUrl: `${env.google.issuer}/.well-known/openid-configuration`,
                  clientId: env.google.clientId,
                  clientSecret: env.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

export function getAuth(): Auth {
  if (!instance) {
    const env = getEnv();
    instance = createAuth({
      db: getDb(),
      dbKind: env.database.kind,
      env,
      mailer: getMailer(),
      siteName: getPublishedContent().business.name,
    });
  }
  return instance;
}
