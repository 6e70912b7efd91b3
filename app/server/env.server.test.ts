import { chmodSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "env-test-"));

describe("parseEnv", () => {
  it("makes DATA_DIR private to the site's user: created 0700, and a 0755 one made by hand closed to 0700", () => {
    const made = path.join(dataDir(), "new-data");
    parseEnv({ DATA_DIR: made });
    expect(statSync(made).mode & 0o777).toBe(0o700);
    const byHand = dataDir();
    chmodSync(byHand, 0o755);
    parseEnv({ DATA_DIR: byHand });
    expect(statSync(byHand).mode & 0o777).toBe(0o700);
  });

  it("the service unit gives every file the site writes owner-only modes (UMask=0077)", () => {
    expect(readFileSync("deploy/tradesite.service", "utf8")).toMatch(/^UMask=0077$/m);
  });

  it("applies the contract's defaults", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.port).toBe(3000);
    expect(env.host).toBe("0.0.0.0");
    expect(env.database).toEqual({ kind: "sqlite", file: path.join(dir, "site.db") });
    expect(env.storage).toEqual({ kind: "local", root: path.join(dir, "uploads") });
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.publicUrlIsDefault).toBe(true);
    expect(env.smtpUrl).toBeUndefined();
    expect(env.google).toBeUndefined();
    expect(env.backup).toEqual({ schedule: { hour: 3, minute: 0 }, keep: 7 });
  });

  it("reads the backup time and count, and turns the schedule off", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), BACKUP_SCHEDULE: "23:45", BACKUP_KEEP: "30" }).backup).toEqual({
      schedule: { hour: 23, minute: 45 },
      keep: 30,
    });
    expect(parseEnv({ DATA_DIR: dataDir(), BACKUP_SCHEDULE: "off" }).backup.schedule).toBeNull();
  });

  it("reads the enquiry settings, with their defaults, and names a bad one", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).enquiries).toEqual({ retentionDays: 365, limitPerIp: 10, limitSite: 60 });
    expect(parseEnv({ DATA_DIR: dataDir(), ENQUIRY_RETENTION_DAYS: "30", ENQUIRY_LIMIT_PER_IP: "3" }).enquiries).toMatchObject({ retentionDays: 30, limitPerIp: 3 });
    expect(() => parseEnv({ DATA_DIR: dataDir(), ENQUIRY_RETENTION_DAYS: "0" })).toThrow(/ENQUIRY_RETENTION_DAYS/);
  });

  it("generates the auth secret once and reuses it", () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(parseEnv({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it("selects PostgreSQL and S3 from their URLs", () => {
    const env = parseEnv({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://app:secret@db:5432/site",
      STORAGE_URL: "s3://photos?endpoint=http://127.0.0.1:9000&region=eu-west-2",
      AWS_ACCESS_KEY_ID: "key",
      AWS_SECRET_ACCESS_KEY: "secret",
    });
    expect(env.database).toEqual({ kind: "postgres", url: "postgres://app:secret@db:5432/site" });
    expect(env.storage).toEqual({
      kind: "s3",
      bucket: "photos",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-2",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
  });

  it("defaults the Google issuer and the public URL from the port", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), PORT: "8080", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" });
    expect(env.google).toEqual({ clientId: "id", clientSecret: "s", issuer: "https://accounts.google.com" });
    expect(env.publicUrl).toBe("http://localhost:8080");
  });

  it("says whether the public URL was set or is the default", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), PUBLIC_URL: "https://www.example.com/" });
    expect(env.publicUrl).toBe("https://www.example.com");
    expect(env.publicUrlIsDefault).toBe(false);
  });

  it.each([
    [{ PORT: "seventy" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ STORAGE_URL: "ftp://files" }, "STORAGE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ PUBLIC_URL: "localhost" }, "PUBLIC_URL"],
    [{ OWNER_EMAIL: "not-an-email" }, "OWNER_EMAIL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ GOOGLE_CLIENT_ID: "only-the-id" }, "GOOGLE_CLIENT_SECRET"],
    [{ BACKUP_SCHEDULE: "3am" }, "BACKUP_SCHEDULE"],
    [{ BACKUP_SCHEDULE: "24:00" }, "BACKUP_SCHEDULE"],
    [{ BACKUP_KEEP: "0" }, "BACKUP_KEEP"],
  ])("rejects %o naming %s", (vars, name) => {
    let caught: unknown;
    try {
      parseEnv({ DATA_DIR: dataDir(), ...vars });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    expect((caught as EnvError).message).toContain(name);
  });
});
