import { describe, expect, it } from "vitest";
import { coinAmount, coinTermsOf, sameCoinTerms, validCoinPayout } from "./payouts";

describe("coins sent for a withdrawal", () => {
  it("is amount x rate less the fee, rounded down to the coin's digits", () => {
    expect(coinAmount("USDT", 20_000, { rate: "0.998", fee: "1.5" })).toMatchObject({
      gross: "199.60",
      fee: "1.50",
      net: "198.10",
      covers: true,
    });
    // 123.45 x 0.0000105 = 0.001296225 BTC, down to 8 digits, less 0.0002
    expect(coinAmount("BTC", 12_345, { rate: "0.0000105", fee: "0.0002" })).toMatchObject({
      gross: "0.00129622",
      net: "0.00109622",
    });
  });

  it("says so when the fee takes it all, and gives no figure without a valid rate", () => {
    expect(coinAmount("ETH", 100, { rate: "0.0003", fee: "0.01" })).toMatchObject({ net: "0.000000", covers: false });
    expect(coinAmount("USDT", 100, undefined)).toBeNull();
    for (const rate of ["0", "-1", "1e3", "", "abc"]) expect(validCoinPayout({ rate, fee: "0" }), rate).toBe(false);
    expect(validCoinPayout({ rate: "1", fee: "-1" })).toBe(false);
  });
});

describe("the terms a coin's figure is shown at", () => {
  it("are the approved rate and fee as written, or empty while the coin has no usable rate", () => {
    const payouts = { USDT: { rate: "0.998", fee: "0.5" }, BTC: { rate: "0", fee: "0" } };
    expect(coinTermsOf("USDT", payouts)).toEqual({ coin: "USDT", rate: "0.998", fee: "0.5" });
    expect(coinTermsOf("BTC", payouts)).toEqual({ coin: "BTC", rate: "", fee: "" });
    expect(coinTermsOf("ETH", payouts)).toEqual({ coin: "ETH", rate: "", fee: "" });
    expect(coinTermsOf("USDT", undefined)).toEqual({ coin: "USDT", rate: "", fee: "" });
  });

  it("match only when coin, rate and fee all do", () => {
    const shown = { coin: "USDT", rate: "0.998", fee: "0.5" };
    expect(sameCoinTerms(shown, { ...shown })).toBe(true);
    for (const moved of [{ coin: "BTC" }, { rate: "0.999" }, { fee: "0.50" }])
      expect(sameCoinTerms(shown, { ...shown, ...moved }), JSON.stringify(moved)).toBe(false);
  });
});
