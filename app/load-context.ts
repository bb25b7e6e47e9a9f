import type { ApiAnswer } from "./lib/api-types";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    nonce: string;
    /** The contract API, called in-process: demo mode serves it, proxy mode forwards it. */
    callApi: (path: string, body: Record<string, unknown>) => Promise<ApiAnswer>;
  }
}

export {};
