import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** A tiny browser stand-in for server tests: keeps cookies, sends Origin, never follows redirects. */
export class HttpClient {
  private cookies = new Map<string, string>();
  readonly baseURL: string;
  constructor(baseURL: string) {
    this.baseURL = baseURL;
  }

  /** The same browser talking to another address (another server instance): shares this one's cookies. */
  at(baseURL: string): HttpClient {
    const other = new HttpClient(baseURL);
    other.cookies = this.cookies;
    return other;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: string, url: string, body?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {
      origin: this.baseURL,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await fetch(new URL(url, this.baseURL), {
      method,
      headers,
      body: body ? new URLSearchParams(body) : undefined,
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(url: string) {
    return this.request("GET", url);
  }

  post(url: string, body: Record<string, string>) {
    return this.request("POST", url, body);
  }
}

/** The verification link from the newest .eml in the outbox addressed to the e-mail. */
export function verificationLinkFromOutbox(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, "outbox");
  const files = readdirSync(outbox).toSorted().toReversed();
  for (const file of files) {
    const raw = readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!raw.includes(`To: ${email}`)) continue;
    const match = /https?:\/\/\S+verify-email\?token=[^\s"<]+/.exec(raw);
    if (match) return match[0];
  }
  throw new Error(`no verification mail for ${email}`);
}

/** Signs up through the real form and follows the verification link; the client ends up signed in. */
export async function createVerifiedUser(client: HttpClient, dataDir: string, email: string, password: string) {
  const signUp = await client.post("/signIn", { intent: "sign-up", email, password, redirectTo: "/" });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const verify = await client.get(verificationLinkFromOutbox(dataDir, email));
  if (verify.status !== 302) throw new Error(`verification answered ${verify.status}`);
}

/** The newest link in the outbox addressed to the e-mail whose path contains `part`. */
export function linkFromOutbox(dataDir: string, email: string, part: string): string {
  const outbox = path.join(dataDir, "outbox");
  for (const file of readdirSync(outbox).toSorted().toReversed()) {
    const raw = readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!raw.includes(`To: ${email}`)) continue;
    const match = new RegExp(`https?://\\S+${part}[^\\s"<]+`).exec(raw);
    if (match) return match[0];
  }
  throw new Error(`no mail with a ${part} link for ${email}`);
}

/** Sends bytes through the resumable upload endpoint as the client (an admin); returns the upload id. */
export async function uploadThroughTus(client: HttpClient, bytes: Buffer, filename: string): Promise<string> {
  const headers = { origin: client.baseURL, cookie: client.cookieHeader, "tus-resumable": "1.0.0" };
  const created = await fetch(new URL("/api/uploads", client.baseURL), {
    method: "POST",
    headers: { ...headers, "upload-length": String(bytes.length), "upload-metadata": `filename ${btoa(filename)}` },
  });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}`);
  const location = created.headers.get("location")!;
  if (bytes.length > 0) {
    const patched = await fetch(new URL(location, client.baseURL), {
      method: "PATCH",
      headers: { ...headers, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(bytes),
    });
    if (patched.status !== 204) throw new Error(`tus patch answered ${patched.status}`);
  }
  return location.split("/").pop()!;
}

/** Sends a finished upload to the gallery (Manage Galleries' second step); answers the JSON the page gets. */
export async function completeUpload(client: HttpClient, uploadId: string, categoryId: number, name: string) {
  const response = await client.post("/manage/uploads/complete", { uploadId, categoryId: String(categoryId), name, title: "", caption: "" });
  return { status: response.status, body: (await response.json()) as { ok: boolean; message?: string; image?: { id: string } } };
}
