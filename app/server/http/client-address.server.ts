import { isIPv4, isIPv6 } from "node:net";
import type { NextFunction, Request, Response } from "express";
import type { Env } from "../env.server";
import { CLIENT_IP_HEADER } from "./origin-check.server";

/**
 * Express's `trust proxy` from TRUST_PROXY: the proxies whose X-Forwarded-For is believed. By default only a
 * proxy on this machine (loopback), so on a LAN or behind an unknown load balancer nobody can pick the address
 * the rate limits count them under.
 */
export function getTrustProxy(env: Pick<Env, "trustProxy">): string[] | number | false {
  return env.trustProxy;
}

/** Expands an IPv6 address to its eight groups, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.split("%")[0]!;
  // A trailing IPv4 part (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key a client is counted under by the rate limits: its IPv4 address, or its IPv6 /64 network. One home or
 * one phone gets a whole /64 from its provider, so counting single IPv6 addresses would let anyone step round a
 * limit by changing the last 64 bits.
 */
export function getClientKey(address: string | undefined): string {
  if (!address) return "unknown";
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return "unknown";
  // IPv4 clients reached over an IPv6 socket (::ffff:a.b.c.d) are IPv4 clients.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * Sets the one client-address header the app trusts, from Express's resolution under TRUST_PROXY, keyed as the
 * rate limits count clients. Whatever the client sent under that name is overwritten.
 */
export function clientAddress() {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.headers[CLIENT_IP_HEADER] = getClientKey(req.ip);
    next();
  };
}
