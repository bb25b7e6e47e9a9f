// vitest globalSetup of the "throttles" project (runs in Node): wrangler.toml's Rate Limiting bindings as
// wrangler reads them for a deployment, handed to tests/throttles.test.ts through inject("configuredRateLimits").
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export default function setup({ provide }) {
  provide(
    "configuredRateLimits",
    JSON.stringify(unstable_getMiniflareWorkerOptions("wrangler.toml").workerOptions.ratelimits),
  );
}
