// Values tests/support/price-feed-setup.mjs and twilio-setup.mjs hand to the tests and the pool (inject()).
export {};

declare module "vitest" {
  interface ProvidedContext {
    pricesFeedUrl: string;
    pricesFeedControl: string;
    twilioUrl: string;
  }
}
