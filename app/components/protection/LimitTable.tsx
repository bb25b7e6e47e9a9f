import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { LIMIT_KINDS, LIMIT_PERIODS } from "~/lib/protection-types";
import type { LimitView } from "#shared/answers/protection";

/**
 * Every kind of limit over its three periods: the limit in force, what is used, a pending change. The player
 * reads "you are ahead by"; an operator on the player's file reads "the player is ahead by".
 */
export function LimitTable({ limits, reader = "player" }: { limits: LimitView[]; reader?: "player" | "operator" }) {
  const { t } = useTranslation();
  return (
    <div className="limit-kinds">
      {LIMIT_KINDS.map((kind) => (
        <section key={kind} className="card limit-kind" aria-labelledby={`limit-${kind}`}>
          <h3 id={`limit-${kind}`}>{t(`protection.kinds.${kind}`)}</h3>
          <dl>
            {LIMIT_PERIODS.map((period) => {
              const limit = limits.find((l) => l.kind === kind && l.period === period)!;
              return (
                <div key={period} className="limit-row" data-testid={`limit-${kind}-${period}`}>
                  <dt>{t(`protection.periods.${period}`)}</dt>
                  <dd>
                    {limit.money === null ? (
                      <span className="muted">{t("protection.none")}</span>
                    ) : (
                      <Money value={limit.money} />
                    )}
                    {limit.money !== null ? (
                      <small className="muted">
                        {" "}
                        ·{" "}
                        <span className="nowrap">
                          {t("protection.used")} <Money value={limit.used} />
                        </span>
                        {limit.ahead > 0 ? (
                          <>
                            {" "}
                            ({t(reader === "player" ? "protection.ahead" : "protection.playerAhead")}{" "}
                            <Money value={limit.ahead} />)
                          </>
                        ) : null}
                      </small>
                    ) : null}
                    {limit.pending ? (
                      <small className="limit-pending">
                        {limit.pending.money === null
                          ? t("protection.pendingRemoval")
                          : t("protection.pending", { money: limit.pending.money.toFixed(2) })}{" "}
                        <PlayerTime ms={limit.pending.at} zone />
                      </small>
                    ) : null}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
