import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { ensurePrivateDirectory } from "./data-dir.server";

/**
 * Every setting of the operating contract is parsed here once, with its default; a bad value stops the server
 * with a message naming the variable. The app reads process.env nowhere else but in logger.server.ts, which takes
 * LOG_LEVEL and NODE_ENV itself so that a bad configuration can still be logged.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`)
    .optional();

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .trim()
    .refine(
      (value) => /^(postgres|postgresql):\/\//.test(value) || /^(file:|sqlite:)/.test(value),
      "must be postgres://user:password@host:port/database, or file:path/to/site.db for SQLite",
    )
    .optional(),
  STORAGE_URL: z
    .string()
    .trim()
    .refine(
      (value) => /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\?.*)?$/.test(value) || /^(file:)/.test(value),
      "must be s3://BUCKET?endpoint=URL&region=REGION, or file:path/to/folder",
    )
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().trim().min(3).optional(),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_ISSUER: optionalUrl(["http:", "https:"]),
  OWNER_EMAIL: z.email().optional(),
  SITE_CONFIG: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day as HH:MM (24-hour, the server\'s local time), or "off"')
    .default("03:00"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  ENQUIRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  ENQUIRY_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(10),
  ENQUIRY_LIMIT_SITE: z.coerce.number().int().min(1).max(100_000).default(60),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("loopback")
    .refine(
      (value) => value === "false" || /^\d{1,2}$/.test(value) || value.split(",").every((entry) => isProxyEntry(entry.trim())),
      "must be false, a number of proxy hops, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal",
    ),
});

/** One entry of TRUST_PROXY's list, as Express (proxy-addr) understands it. */
function isProxyEntry(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const kind = isIP(address);
  if (kind === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128);
}

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  storage:
    | { kind: "local"; root: string }
    | { kind: "s3"; bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** PUBLIC_URL was not set: publicUrl is http://localhost:PORT, which links in mail cannot reach from outside. */
  publicUrlIsDefault: boolean;
  authSecret: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  ownerEmail?: string;
  siteConfigPath: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  /** Daily backups into DATA_DIR/backups: when (null: off) and how many to keep. */
  backup: { schedule: { hour: number; minute: number } | null; keep: number };
  enquiries: { retentionDays: number; limitPerIp: number; limitSite: number };
  /** Express's `trust proxy`: the proxies whose X-Forwarded-For is believed (false: none; a number: hops). */
  trustProxy: string[] | number | false;
};

export class EnvError extends Error {
  readonly problems: string[];
  // A plain property rather than a parameter property, so scripts can load this module with Node's type stripping.
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

const DEFAULT_SITE_CONFIG = path.resolve("config/site.json");

/** Parses a copy of the environment. Pure apart from creating DATA_DIR and the generated auth secret. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, emptyAsUndefined(v)]));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const raw = result.data;
  const problems: string[] = [];

  const dataDir = path.resolve(raw.DATA_DIR);
  ensurePrivateDirectory(dataDir);

  const databaseUrl = raw.DATABASE_URL ?? `file:${path.join(dataDir, "site.db")}`;
  const database: Env["database"] = /^postgres(ql)?:/.test(databaseUrl)
    ? { kind: "postgres", url: databaseUrl }
    : { kind: "sqlite", file: path.resolve(databaseUrl.replace(/^(file|sqlite):(\/\/)?/, "")) };

  let storage: Env["storage"] = { kind: "local", root: path.join(dataDir, "uploads") };
  if (raw.STORAGE_URL?.startsWith("s3://")) {
    const url = new URL(raw.STORAGE_URL);
    const endpoint = url.searchParams.get("endpoint") ?? undefined;
    if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) problems.push("STORAGE_URL: endpoint must be an http(s) URL");
    storage = {
      kind: "s3",
      bucket: url.hostname,
      endpoint,
      region: url.searchParams.get("region") ?? "us-east-1",
      accessKeyId: raw.AWS_ACCESS_KEY_ID,
      secretAccessKey: raw.AWS_SECRET_ACCESS_KEY,
    };
  } else if (raw.STORAGE_URL) {
    storage = { kind: "local", root: path.resolve(raw.STORAGE_URL.replace(/^file:(\/\/)?/, "")) };
  }

  let google: Env["google"];
  if (raw.GOOGLE_CLIENT_ID || raw.GOOGLE_CLIENT_SECRET) {
    if (!raw.GOOGLE_CLIENT_ID) problems.push("GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set");
    if (!raw.GOOGLE_CLIENT_SECRET) problems.push("GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set");
    if (raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET) {
      google = {
        clientId: raw.GOOGLE_CLIENT_ID,
        clientSecret: raw.GOOGLE_CLIENT_SECRET,
        issuer: (raw.GOOGLE_ISSUER ?? "https://accounts.google.com").replace(/\/+$/, ""),
      };
    }
  }

  if (problems.length > 0) throw new EnvError(problems);

  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl,
    database,
    storage,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM ?? `Website <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    publicUrlIsDefault: raw.PUBLIC_URL === undefined,
    authSecret: raw.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    google,
    ownerEmail: raw.OWNER_EMAIL?.toLowerCase(),
    siteConfigPath: raw.SITE_CONFIG ? path.resolve(raw.SITE_CONFIG) : DEFAULT_SITE_CONFIG,
    logLevel: raw.LOG_LEVEL,
    backup: {
      schedule:
        raw.BACKUP_SCHEDULE === "off"
          ? null
          : { hour: Number(raw.BACKUP_SCHEDULE.slice(0, 2)), minute: Number(raw.BACKUP_SCHEDULE.slice(3, 5)) },
      keep: raw.BACKUP_KEEP,
    },
    enquiries: { retentionDays: raw.ENQUIRY_RETENTION_DAYS, limitPerIp: raw.ENQUIRY_LIMIT_PER_IP, limitSite: raw.ENQUIRY_LIMIT_SITE },
    trustProxy:
      raw.TRUST_PROXY === "false" ? false : /^\d+$/.test(raw.TRUST_PROXY) ? Number(raw.TRUST_PROXY) : raw.TRUST_PROXY.split(",").map((e) => e.trim()),
  };
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  // "wx" fails if another process created it meanwhile; then read theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
