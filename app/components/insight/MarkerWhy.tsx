import { useTranslation } from "react-i18next";
import { zonedTime } from "~/lib/player-time";
import { useMoney } from "./money";
import type { Marker } from "#shared/answers/console-insight";

// One marker of harm and why, in the operator's language, with its figures (worker/insight/risk.ts).

export function MarkerWhy({ marker }: { marker: Marker }) {
  const { t } = useTranslation("admin");
  const money = useMoney();
  const f = marker.figures;
  const time = zonedTime;
  // Each marker has its own figures: only its own words are built (a time of another marker's figures is
  // undefined here, and formatting it threw "Invalid time value" on every page showing a marker).
  const why: Record<string, () => Record<string, string | number>> = {
    lossesRising: () => ({ week3: money(f.week3), week2: money(f.week2), week1: money(f.week1) }),
    depositAfterLossLimit: () => ({ hitAt: time(f.hitAt), count: f.deposits, money: money(f.money) }),
    nightPlay: () => ({ nightDays: f.nightDays, playDays: f.playDays, days: f.days }),
    repeatedRefusals: () => ({
      count: f.refusals,
      days: f.days,
      deposit: f.deposit,
      loss: f.loss,
      stake: f.stake,
      excluded: f.excluded,
    }),
    timeOutResumed: () => ({ endedAt: time(f.endedAt), resumedAt: time(f.resumedAt), minutes: f.minutes }),
  };
  return (
    <div className="risk-marker">
      <strong>{t(`risk.marker.${marker.key}`)}</strong>
      <span>{t(`risk.why.${marker.key}`, why[marker.key]?.() ?? {})}</span>
    </div>
  );
}
