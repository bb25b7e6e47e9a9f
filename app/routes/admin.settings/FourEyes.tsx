import { useTranslation } from "react-i18next";
import { formatDecimal } from "~/lib/number-format";
import type { ConsoleSettings } from "#shared/answers/console-operators";

/** The four-eyes limits of balance adjustments: shown so operators know them, edited by no operator. */
export function FourEyes({ limits, currency }: { limits: ConsoleSettings["four_eyes"]; currency: string }) {
  const { t } = useTranslation("admin");
  const money = (v: number) => `${formatDecimal(v, 2, 2)} ${currency}`;
  const rows = [
    ["settings.adjustMax", money(limits.adjust_max)],
    ["settings.adjustSecond", money(limits.adjust_second_approval)],
    ["settings.adjustOperator", money(limits.adjust_operator_daily)],
    ["settings.depositMax", money(limits.deposit_max)],
    ["settings.depositSecond", money(limits.deposit_second_approval)],
    ["settings.oddsConfirm", `${formatDecimal(limits.odds_confirm_rtp_ppm / 10_000, 2, 2)} %`],
  ];
  return (
    <section className="admin-card settings-group" aria-labelledby="settings-adjust" data-testid="four-eyes">
      <h2 id="settings-adjust">{t("settings.adjust")}</h2>
      <p className="muted">{t("settings.adjustHint")}</p>
      <dl className="limit-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
