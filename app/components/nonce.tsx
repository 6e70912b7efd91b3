import { createContext, useContext } from "react";

/** The CSP nonce of the current response; empty in the browser, where it is not needed after hydration. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
