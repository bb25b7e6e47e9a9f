import type { ApiAnswer } from "#shared/api-types";
import type { PlayerAnswers, PlayerPath } from "#shared/answers/player-routes";
import type { ConsoleAnswers, ConsolePath } from "#shared/answers/console-routes";
import type { PriceSnapshot } from "#shared/prices/snapshot";
import type { DrawRule } from "#shared/games/fairness";

declare module "@remix-run/cloudflare" {
  // v3_singleFetch: loaders and actions return plain data, typed without the Jsonify wrapper.
  interface Future {
    v3_singleFetch: true;
  }

  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    nonce: string;
    /** The contract API, called in-process: demo mode serves it, proxy mode forwards it. Its answer's type is the path's (shared/answers/). */
    callApi: <P extends PlayerPath | ConsolePath>(
      path: P,
      body: Record<string, unknown> | FormData,
    ) => Promise<ApiAnswer<(PlayerAnswers & ConsoleAnswers)[P]>>;
    /** The same call's HTTP answer as it is, for the answers that are not the envelope (a streamed CSV export). */
    callApiResponse: (path: string, body: Record<string, unknown> | FormData) => Promise<Response>;
    /** The last market prices the PricesDO holds (docs/product.md#market-prices); the same in demo and proxy mode. */
    lastPrices: () => Promise<PriceSnapshot>;
    /** How this deployment draws its rounds, for /fairness (docs/decisions/130). */
    drawRule: DrawRule;
  }
}

export {};
