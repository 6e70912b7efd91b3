import { createContext } from "react-router";

/** Per-request values handed from the HTTP layer to loaders, actions and entry.server. */
export const nonceContext = createContext<string>("");

/**
 * Set by the root loader: whether this request counted a new visit (so the middleware marks the browser session),
 * and the visitor number the page shows (so the page cache knows when a kept copy shows an old one).
 */
export type VisitState = {
  counted: boolean;
  shownNumber: number | null;
  /** Set by the page handler for a render it keeps: it counts first visitors itself and splices their numbers in. */
  countLater?: boolean;
};
export const visitStateContext = createContext<VisitState>({ counted: false, shownNumber: null });

/** The key the rate limits count the client under: its IPv4 address or IPv6 /64, as Express resolved it under TRUST_PROXY. */
export const clientIpContext = createContext<string>("unknown");
