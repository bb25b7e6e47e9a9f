// The one coin list of the market prices (docs/product.md#what-it-is): the home strip and /lotteryprize show these, and
// the PricesDO subscribes to exactly these instruments of the feed (docs/product.md#market-prices).
export const PRICE_COINS = ["BTC", "ETH", "USDT", "BNB", "SOL", "USDC", "DOGE", "TRX"] as const;
export type Coin = (typeof PRICE_COINS)[number];

export const COIN_NAMES: Record<Coin, string> = {
  BTC: "Bitcoin",
  ETH: "Ethereum",
  USDT: "Tether",
  BNB: "BNB",
  SOL: "Solana",
  USDC: "USD Coin",
  DOGE: "Dogecoin",
  TRX: "TRON",
};

/** The feed's spot instrument per coin: quoted in USDT, except USDT itself (quoted in USDC). */
export const COIN_INSTRUMENTS: Record<Coin, string> = {
  BTC: "BTC-USDT",
  ETH: "ETH-USDT",
  USDT: "USDT-USDC",
  BNB: "BNB-USDT",
  SOL: "SOL-USDT",
  USDC: "USDC-USDT",
  DOGE: "DOGE-USDT",
  TRX: "TRX-USDT",
};

export function quoteOf(coin: Coin): string {
  return COIN_INSTRUMENTS[coin].split("-")[1];
}

// A search of eight, not a table built on import: a module without work at load time is dropped from a
// browser chunk that imports it and uses none of it (home, docs/decisions/203).
export function coinOfInstrument(instId: string): Coin | undefined {
  return PRICE_COINS.find((coin) => COIN_INSTRUMENTS[coin] === instId);
}
