// oidc-provider ships no types; this is the part the tests use.
declare module "oidc-provider" {
  import type { Server } from "node:http";
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number): Server;
    Grant: new (init: { clientId: string; accountId: string }) => {
      addOIDCScope(scope: string): void;
      save(): Promise<string>;
    };
  }
}
