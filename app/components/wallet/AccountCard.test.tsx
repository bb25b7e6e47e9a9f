import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/wallet.json";
import { AccountCard } from "./AccountCard";

const i18n = i18next.createInstance();
await i18n
  .use(initReactI18next)
  .init({ lng: "en", ns: ["wallet"], defaultNS: "wallet", resources: { en: { wallet: en } } });

const title = (card: Parameters<typeof AccountCard>[0]["card"]) =>
  /<div class="account-title">([\s\S]*?)<\/div>/
    .exec(
      renderToString(
        <I18nextProvider i18n={i18n}>
          <AccountCard card={card} />
        </I18nextProvider>,
      ),
    )![1]
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "");

describe("AccountCard", () => {
  it("names a coin address's network by its name after an ordinary space, where the line may break", () => {
    const address = "0x52908400098527886E0F7030069857D2E4169EE7";
    expect(title({ type: "ETH", bank: "", account: "", address, network: "ETH" })).toBe("ETH address · Ethereum");
    expect(title({ type: "USDT", bank: "", account: "", address, network: "ERC20" })).toBe(
      "USDT address · ERC20 (Ethereum)",
    );
    expect(title({ type: "Bank", bank: "Vietcombank", account: "0123456789", address: "" })).toBe("Vietcombank");
  });
});
