import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime, ZoneNote } from "~/components/PlayerTime";
import { RefInText } from "~/components/RefInText";
import { ledgerReasonText } from "~/lib/ledger-reason";
import { reasonRequestRef } from "#shared/request-ref";
import { playerDate } from "~/lib/player-time";
import type { FlowRow } from "#shared/answers/wallet";
import { Icon, type IconName } from "./Icon";

const KIND_ICON: Record<string, IconName> = {
  earn: "star",
  loss: "out",
  bet: "bet",
  redo: "refund",
  // a withdrawal's hold: a clock only while it awaits payout
  wait: "clock",
  withdrawn: "out",
  waitReturned: "out",
  topup: "in",
  debit: "out",
  stake: "lock",
  interest: "percent",
  principal: "refund",
};

/**
 * A number held to the words beside it by no-break spaces ("Round 1", "第 1 期", "15 天"): the grey line breaks
 * between phrases, never leaving a lone "1" or "天" on a line of its own.
 */
const numbersKeptWithWords = (text: string) => text.replace(/ (?=\d)|(?<=\d) /g, "\u00a0");

/** Funds ledger rows grouped by the player's day: what moved, why, and the balance it started from. */
export function LedgerList({ rows }: { rows: FlowRow[] }) {
  const { t } = useTranslation("wallet");
  const days: { date: string; rows: FlowRow[] }[] = [];
  for (const row of rows) {
    const date = playerDate(row.time);
    if (days.at(-1)?.date !== date) days.push({ date, rows: [] });
    days.at(-1)!.rows.push(row);
  }
  return (
    <div className="ledger" data-testid="ledger">
      <ZoneNote />
      {days.map((day) => (
        <section key={day.date} className="ledger-day">
          <h3 className="ledger-date">{day.date}</h3>
          <ul>
            {day.rows.map((row) => {
              const income = row.type === 1;
              return (
                <li key={row.id} className={`ledger-row ${income ? "income" : "expense"}`} data-kind={row.kind}>
                  <span className="ledger-icon" aria-hidden="true">
                    <Icon name={KIND_ICON[row.kind] ?? (income ? "in" : "out")} size={18} />
                  </span>
                  {/* the title has the row's whole width (app/styles/wallet.css), never squeezed beside the figures */}
                  <div className="ledger-kind">{t(`kinds.${row.kind}`, { defaultValue: row.kind })}</div>
                  <div className="ledger-what">
                    {row.reason || row.reasonKey ? (
                      <div className="ledger-reason">
                        <RefInText
                          text={numbersKeptWithWords(ledgerReasonText(t, row))}
                          refText={row.reasonKey ? reasonRequestRef(row.reasonKey, row.reasonParams ?? {}) : null}
                        />
                      </div>
                    ) : null}
                    <div className="ledger-time">
                      <PlayerTime ms={row.time} part="clock" />
                      <span className="ledger-direction">{income ? t("income.in") : t("income.out")}</span>
                    </div>
                  </div>
                  <div className="ledger-figures">
                    <div className="ledger-amount">
                      <Money value={row.money} signed />
                    </div>
                    <div className="ledger-before">
                      {t("income.before")} <Money value={row.before} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
