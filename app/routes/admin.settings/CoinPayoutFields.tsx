import { useTranslation } from "react-i18next";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { PAYOUT_COINS, type CoinPayouts } from "#shared/payouts";
import { useTypedBack } from "./use-typed-back";

/** Per payout coin, the rate a withdrawal is paid at and the network fee taken from what is sent (shared/payouts.ts). */
export function CoinPayoutFields({ rates, currency }: { rates: CoinPayouts; currency: string }) {
  const { t } = useTranslation("admin");
  const error = useFieldError()("coin_payouts");
  const back = useTypedBack();
  return (
    <section className="admin-card settings-group" aria-labelledby="settings-coins">
      <h2 id="settings-coins">{t("settings.coins")}</h2>
      <p className="muted">{t("settings.coinsHint", { currency })}</p>
      <FieldError message={error} name="coin_payouts" />
      <div className="coin-grid">
        {PAYOUT_COINS.map((coin) => (
          <div key={coin} className="coin-row" role="group" aria-label={coin}>
            <strong>{coin}</strong>
            <label className="field">
              <span className="field-label">{t("settings.coinRate", { coin, currency })}</span>
              <input
                name={`coin_rate_${coin}`}
                inputMode="decimal"
                defaultValue={back(`coin_rate_${coin}`, rates[coin]?.rate ?? "")}
                {...invalidProps(error, "coin_payouts")}
              />
            </label>
            <label className="field">
              <span className="field-label">{t("settings.coinFee", { coin })}</span>
              <input
                name={`coin_fee_${coin}`}
                inputMode="decimal"
                defaultValue={back(`coin_fee_${coin}`, rates[coin]?.fee ?? "")}
                {...invalidProps(error, "coin_payouts")}
              />
            </label>
          </div>
        ))}
      </div>
    </section>
  );
}
