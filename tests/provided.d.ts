// Values tests/support/price-feed-setup.mjs hands to the tests and the pool (inject()).
export {};

declare module "vitest" {
  interface ProvidedContext {
    pricesFeedUrl: string;
    pricesFeedControl: string;
  }
}
