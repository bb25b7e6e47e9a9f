import { useTranslation } from "react-i18next";
import { LimitTable } from "~/components/protection/LimitTable";
import { PlayerTime } from "~/components/PlayerTime";
import type { OperatorProtection } from "#shared/answers/console-players";

/** The player's own limits, time-outs and exclusions, read-only: nobody lifts one early (docs/product.md#player-protection). */
export function PlayerProtection({ protection }: { protection: OperatorProtection }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <section className="admin-section" aria-labelledby="protection-title" data-testid="player-protection">
      <h2 id="protection-title">{t("player.protection")}</h2>
      <p className="muted">{t("player.protectionHint")}</p>
      <h3>{t("player.exclusions")}</h3>
      {protection.exclusions.length === 0 ? (
        <p className="muted">{t("player.empty")}</p>
      ) : (
        <ul className="admin-list">
          {protection.exclusions.map((e) => (
            <li key={e.start} className="row">
              <span>
                {t(`common:protection.breakPeriods.${e.period}`)}{" "}
                {e.active ? <span className="badge danger">{t("player.exclusionActive")}</span> : null}
              </span>
              <span className="muted">
                <PlayerTime ms={e.start} /> →{" "}
                {e.until === null ? t("player.exclusionForever") : <PlayerTime ms={e.until} />}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3>{t("player.limits")}</h3>
      <LimitTable limits={protection.limits} reader="operator" />
    </section>
  );
}
