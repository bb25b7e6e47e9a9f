import { describe, expect, it } from "vitest";
import { coinAmount, validCoinPayout } from "./payouts";

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
