import { createContext, useContext } from "react";

/**
 * The page's Content-Security-Policy nonce, provided by the server render (entry.server.tsx). In the
 * browser it is undefined: the inline scripts that need it were written by the server, and browsers
 * hide a nonce from the page once it has been checked.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
