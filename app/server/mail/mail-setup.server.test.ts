import path from "node:path";
import { describe, expect, it } from "vitest";
import { getMailSetupProblem } from "./mail-setup.server";

const env = { smtpUrl: "smtps://user:pw@smtp.example.com:465", dataDir: "/srv/site", publicUrl: "https://www.example.com", publicUrlIsDefault: false };

describe("what the admin pages say about mail that reaches nobody", () => {
  it("nothing when mail is sent and its links use the public address", () => {
    expect(getMailSetupProblem(env)).toBeNull();
  });

  it("without SMTP_URL: the folder the mail is written to instead", () => {
    expect(getMailSetupProblem({ ...env, smtpUrl: undefined })).toEqual({ outboxDir: path.join("/srv/site", "outbox"), defaultPublicUrl: null });
  });

  it("without PUBLIC_URL: the address its links point at instead, with SMTP_URL set or not", () => {
    const local = { publicUrl: "http://localhost:3000", publicUrlIsDefault: true };
    expect(getMailSetupProblem({ ...env, ...local })).toEqual({ outboxDir: null, defaultPublicUrl: "http://localhost:3000" });
    expect(getMailSetupProblem({ ...env, ...local, smtpUrl: undefined })).toEqual({ outboxDir: "/srv/site/outbox", defaultPublicUrl: "http://localhost:3000" });
  });
});
