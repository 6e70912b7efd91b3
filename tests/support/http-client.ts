import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** A tiny browser stand-in for server tests: keeps cookies, sends Origin, never follows redirects. */
export class HttpClient {
  private cookies = new Map<string, string>();
  readonly baseURL: string;
  constructor(baseURL: string) {
    this.baseURL = baseURL;
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
