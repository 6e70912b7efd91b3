import { createContext } from "react-router";

/** Per-request values handed from the HTTP layer to loaders, actions and entry.server. */
export const nonceContext = createContext<string>("");

/** Set by the root loader when this request counted a new visit, so the middleware can mark the browser session. */
export type VisitState = { counted: boolean };
export const visitStateContext = createContext<VisitState>({ counted: false });

/** The client's address as Express resolved it (X-Forwarded-For is trusted only from local proxies). */
export const clientIpContext = createContext<string>("unknown");
