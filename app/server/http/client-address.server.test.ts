import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env.server";
import { clientAddress, getClientKey, getTrustProxy } from "./client-address.server";
import { CLIENT_IP_HEADER } from "./origin-check.server";

const env = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: "test", DATA_DIR: "tmp/env-test", ...extra });

/** Express's compiled trust function for a TRUST_PROXY value: does it believe X-Forwarded-For from this peer? */
function trusts(trustProxy: string | undefined, peer: string): boolean {
  const app = express();
  app.set("trust proxy", getTrustProxy(env(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy })));
  return (app.get("trust proxy fn") as (address: string, hop: number) => boolean)(peer, 0);
}

describe("TRUST_PROXY", () => {
  it("by default believes X-Forwarded-For only from this machine, not from the LAN or private ranges", () => {
    expect(trusts(undefined, "127.0.0.1")).toBe(true);
    expect(trusts(undefined, "::1")).toBe(true);
    for (const peer of ["10.0.0.5", "192.168.1.20", "172.16.4.4", "fd00::2", "169.254.1.1", "203.0.113.9"]) {
      expect(trusts(undefined, peer), peer).toBe(false);
    }
  });

  it("takes a list of addresses and ranges, a hop count, or false", () => {
    expect(trusts("10.0.0.0/8, loopback", "10.1.2.3")).toBe(true);
    expect(trusts("10.0.0.0/8, loopback", "192.168.1.1")).toBe(false);
    expect(trusts("false", "127.0.0.1")).toBe(false);
    expect(getTrustProxy(env({ TRUST_PROXY: "1" }))).toBe(1);
  });

  it("refuses to start with a value Express would misread", () => {
    expect(() => env({ TRUST_PROXY: "everyone" })).toThrow(EnvError);
    expect(() => env({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
  });
});

describe("the key clients are rate-limited under", () => {
  it("is the IPv4 address, and the /64 network for IPv6", () => {
    expect(getClientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(getClientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(getClientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(getClientKey("2001:db8:1:2:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(getClientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(getClientKey("2001:db8:1:3::1")).not.toBe(getClientKey("2001:db8:1:2::1"));
    expect(getClientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(getClientKey(undefined)).toBe("unknown");
    expect(getClientKey("nonsense")).toBe("unknown");
  });

  describe("through Express", () => {
    const app = express();
    app.set("trust proxy", getTrustProxy(env()));
    app.use(clientAddress());
    app.get("/", (req, res) => void res.send(req.headers[CLIENT_IP_HEADER]));
    const server = app.listen(0, "127.0.0.1");
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    const get = async (headers: Record<string, string>) =>
      (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers })).text();

    it("counts two addresses of one IPv6 /64 behind the local proxy as one client, and ignores a forged header", async () => {
      const a = await get({ "x-forwarded-for": "2001:db8:1:2::1" });
      const b = await get({ "x-forwarded-for": "2001:db8:1:2:aaaa::9" });
      expect(a).toBe("2001:db8:1:2::/64");
      expect(b).toBe(a);
      expect(await get({ [CLIENT_IP_HEADER]: "1.2.3.4" })).toBe("127.0.0.1");
    });
  });
});
