import { describe, expect, it } from "vitest";
import en from "../locales/en/common.json";
import enWallet from "../locales/en/wallet.json";
import vi from "../locales/vi/common.json";
import viWallet from "../locales/vi/wallet.json";
import { interpolate } from "./interpolate";
import { accountTypeName, networkName, vipLevelName, type Translate } from "./names";

/** A lookup over the catalogues as i18next reads them: "ns:a.b" in the namespace's nested keys. */
function translator(catalogues: Record<string, unknown>): Translate {
  return (key, options = {}) => {
    const [ns, path] = key.split(":");
    const text = path
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogues[ns]);
    return interpolate(String(text), options as Record<string, string>);
  };
}

describe("the names both sides give a player's things", () => {
  it("names a VIP level as the player's badge does, in the reader's language", () => {
    expect(vipLevelName(translator({ common: en }), 1)).toBe("VIP 1 · Bronze");
    expect(vipLevelName(translator({ common: en }), 8)).toBe("VIP 8 · Supreme");
    expect(vipLevelName(translator({ common: vi }), 3)).toBe(`VIP 3 · ${vi.levels.gold}`);
  });

  it("names a bank card and a coin address as the player's accounts do", () => {
    const t = translator({ wallet: enWallet });
    expect(accountTypeName(t, "Bank")).toBe("Bank card");
    expect(accountTypeName(t, "USDT")).toBe("USDT address");
    expect(accountTypeName(translator({ wallet: viWallet }), "BTC")).toBe("Địa chỉ BTC");
  });

  it("names a coin's network as the player's accounts do", () => {
    const t = translator({ wallet: enWallet });
    expect(networkName(t, "ETH")).toBe("Ethereum");
    expect(networkName(t, "TRC20")).toBe("TRC20 (Tron)");
    expect(networkName(translator({ wallet: viWallet }), "ERC20")).toBe("ERC20 (Ethereum)");
  });
});
