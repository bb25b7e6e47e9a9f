import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/game.json";
import { BetSlip } from "./BetSlip";

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: "en", ns: ["game"], defaultNS: "game", resources: { en: { game: en } } });

const render = (props: { amount: string; picks: number }) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <BetSlip {...props} currency="USD" onAmount={() => {}} open error={null} busy={false} quick />
    </I18nextProvider>,
  )
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("BetSlip", () => {
  it("writes the quick amounts as money, with thousands separators", () => {
    expect(render({ amount: "", picks: 0 })).toContain(" 100 500 2,000 5,000 ");
  });

  it("writes the order's total with the currency", () => {
    expect(render({ amount: "", picks: 0 })).toContain("0 options · total 0.00 USD");
    expect(render({ amount: "2000", picks: 2 })).toContain("2 options · total 4,000.00 USD");
  });
});
