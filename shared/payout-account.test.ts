import { describe, expect, it } from "vitest";
import { maskAccount, payoutAccountShort, shortAddress } from "./payout-account";

describe("an account written short", () => {
  it("masks a bank number to its last four and shortens an address to its ends", () => {
    expect(maskAccount("6222020200112233")).toBe("•••• 2233");
    expect(maskAccount("123")).toBe("123");
    expect(shortAddress("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE")).toBe("TQn9Y2…KcbLSE");
    expect(shortAddress("short1234")).toBe("short1234");
  });

  it("names a bank account by its bank, a coin address by its coin", () => {
    const card = { bank: "Vietcombank", account: "6222020200112233", address: "" };
    expect(payoutAccountShort({ ...card, type: "Bank" })).toBe("Vietcombank •••• 2233");
    expect(
      payoutAccountShort({ type: "USDT", bank: "", account: "", address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" }),
    ).toBe("USDT TQn9Y2…KcbLSE");
  });
});
