import type { Server } from "node:http";
import Provider from "oidc-provider";

export const OIDC_CLIENT = { id: "site-test-client", secret: "site-test-secret" };

/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google. Its development login form
 * accepts any password; the login becomes the subject, and the e-mail is the login when it contains
 * an @, otherwise login@oidc.test (verified either way, as Google's are).
 */
export async function startOidcProvider(port: number, redirectUri: string): Promise<{ issuer: string; stop(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, redirect_uris: [redirectUri] }],
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: sub.includes("@") ? sub : `${sub}@oidc.test`,
        email_verified: true,
        name: `Google ${sub.split("@")[0]}`,
      }),
    }),
    claims: { email: ["email", "email_verified"], profile: ["name", "picture"] },
    features: { devInteractions: { enabled: true } },
    // Grant every scope straight away, so there is no consent screen.
    loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string } } }) => {
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { issuer, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
