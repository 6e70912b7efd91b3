import { createContext } from "react-router";

/** Per-request values handed from the HTTP layer to loaders, actions and entry.server. */
export const nonceContext = createContext<string>("");

/** Set by the root loader when this request counted a new visit, so the middleware can mark the browser session. */
export type VisitState = { counted: boolean };
export const visitStateContext = createContext<VisitState>({ counted: false });

/** The key the rate limits count the client under: its IPv4 address or IPv6 /64, as Express resolved it under TRUST_PROXY. */
export const clientIpContext = createContext<string>("unknown");
