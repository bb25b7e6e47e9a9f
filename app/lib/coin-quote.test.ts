import { describe, expect, it } from "vitest";
import type { Card } from "#shared/answers/wallet";
import { chosenQuote, quoteFields } from "./coin-quote";

const bank = { id: 1, type: "Bank" } as Card;
const usdt = { id: 2, type: "USDT" } as Card;
const btc = { id: 3, type: "BTC" } as Card;
const rates = { USDT: { rate: "0.998", fee: "0.5" } };

describe("a withdrawal form's coin terms", () => {
  it("names each coin account's terms by the account, the chosen one going with the request", () => {
    const fields = Object.fromEntries(quoteFields([bank, usdt, btc], rates));
    expect(fields).toEqual({
      quote_coin_2: "USDT",
      quote_rate_2: "0.998",
      quote_fee_2: "0.5",
      // no rate set for BTC: its coin with empty terms, as the page says "no rate set yet"
      quote_coin_3: "BTC",
      quote_rate_3: "",
      quote_fee_3: "",
    });
    expect(chosenQuote({ ...fields, bank_id: "2" })).toEqual({
      quote_coin: "USDT",
      quote_rate: "0.998",
      quote_fee: "0.5",
    });
    expect(chosenQuote({ ...fields, bank_id: "3" })).toEqual({ quote_coin: "BTC", quote_rate: "", quote_fee: "" });
    expect(chosenQuote({ ...fields, bank_id: "1" })).toBeNull();
    expect(chosenQuote({ bank_id: "2" })).toBeNull();
  });

  it("names the coin alone when the rates did not load, which no confirm can go with", () => {
    const fields = Object.fromEntries(quoteFields([bank, usdt], undefined));
    expect(fields).toEqual({ quote_coin_2: "USDT" });
    expect(chosenQuote({ ...fields, bank_id: "2" })).toBe("unloaded");
    expect(chosenQuote({ ...fields, bank_id: "1" })).toBeNull();
  });
});
