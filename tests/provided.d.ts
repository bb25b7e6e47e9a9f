// Values tests/support/price-feed-setup.mjs, twilio-setup.mjs, access-setup.mjs and beacon-setup.mjs hand to the tests and the pool (inject()).
export {};

declare module "vitest" {
  interface ProvidedContext {
    pricesFeedUrl: string;
    pricesFeedControl: string;
    beaconUrl: string;
    beaconPublicKey: string;
    twilioUrl: string;
    accessTeamUrl: string;
    accessPrivateJwk: string;
    /** wrangler.toml's Rate Limiting bindings as configured (tests/support/rate-limits-setup.mjs, "throttles" project). */
    configuredRateLimits: string;
  }
}
