import { createContext, useContext } from "react";

/** The request's CSP nonce, given to every inline script React and Remix write. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
