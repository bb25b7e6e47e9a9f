import { useTranslation } from "react-i18next";
import { roomName } from "~/lib/game-labels";
import { formatDecimal } from "~/lib/number-format";
import { zonedTime } from "~/lib/player-time";
import { BarChart, ChartTable } from "./BarChart";
import { percent, useMoney } from "./money";
import { ReturnsChart } from "./ReturnsChart";
import type { Charts, PendingAges } from "#shared/answers/console-insight";

// The pictures of the business, every figure from /api/admin/charts, each chart with its table.

const AGE_BANDS = ["insight.age.under1h", "insight.age.1to6h", "insight.age.6to24h", "insight.age.over24h"] as const;

function Pending({ label, ages }: { label: string; ages: PendingAges }) {
  const { t } = useTranslation("admin");
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-label={t("insight.waiting")}>
        <div className="cell">{ages.count}</div>
      </td>
      {ages.bands.map((n, i) => (
        <td key={AGE_BANDS[i]} data-label={t(AGE_BANDS[i])}>
          <div className="cell">{n}</div>
        </td>
      ))}
      <td data-label={t("insight.oldest")}>
        <div className="cell">{ages.oldestAt === null ? t("insight.none") : zonedTime(ages.oldestAt)}</div>
      </td>
    </tr>
  );
}

export function InsightCharts({ charts }: { charts: Charts }) {
  const { t } = useTranslation("admin");
  const money = useMoney();
  const days = charts.play.map((d) => d.day);
  const count = (n: number) => formatDecimal(n, 0, 0);
  return (
    <div className="insight">
      <section className="admin-section" aria-labelledby="chart-play">
        <h2 id="chart-play">{t("insight.play", { days: charts.days })}</h2>
        <BarChart
          title={t("insight.play", { days: charts.days })}
          labels={days}
          series={[
            { name: t("rounds.turnover"), values: charts.play.map((d) => d.turnover), tone: "a" },
            { name: t("rounds.payouts"), values: charts.play.map((d) => d.payouts), tone: "b" },
          ]}
          format={money}
        />
        <BarChart
          title={t("insight.house")}
          labels={days}
          series={[{ name: t("rounds.house"), values: charts.play.map((d) => d.house), tone: "c" }]}
          lossName={t("insight.houseLoss")}
          format={money}
        />
        <ChartTable
          summary={t("insight.table")}
          head={[t("totals.day"), t("rounds.turnover"), t("rounds.payouts"), t("rounds.house"), t("totals.players")]}
          rows={charts.play.map((d) => [d.day, money(d.turnover), money(d.payouts), money(d.house), count(d.players)])}
        />
      </section>
      <section className="admin-section" aria-labelledby="chart-players">
        <h2 id="chart-players">{t("insight.players")}</h2>
        <BarChart
          title={t("insight.players")}
          labels={days}
          series={[{ name: t("totals.players"), values: charts.play.map((d) => d.players), tone: "a" }]}
          format={count}
        />
        <ChartTable
          summary={t("insight.table")}
          head={[t("totals.day"), t("totals.players")]}
          rows={charts.play.map((d) => [d.day, count(d.players)])}
        />
      </section>
      <section className="admin-section" aria-labelledby="chart-returns">
        <h2 id="chart-returns">{t("insight.returns")}</h2>
        <p className="muted">{t("insight.returnsHelp")}</p>
        <ReturnsChart rooms={charts.returns} />
        <ChartTable
          summary={t("insight.table")}
          head={[
            t("insight.room"),
            t("insight.bets"),
            t("insight.stakes"),
            t("insight.realized"),
            t("insight.theoretical"),
            t("insight.band"),
            t("insight.verdict"),
          ]}
          rows={charts.returns.map((r) => [
            `#${r.roomId} ${roomName(t, r)}`,
            count(r.bets),
            money(r.stakes),
            percent(r.realized),
            percent(r.theoretical),
            `${percent(r.low)} – ${percent(r.high)}`,
            r.outside === null
              ? t("insight.inside")
              : r.outside === "high"
                ? t("insight.outsideHigh")
                : t("insight.outsideLow"),
          ])}
        />
      </section>
      <section className="admin-section" aria-labelledby="chart-cash">
        <h2 id="chart-cash">{t("insight.cash")}</h2>
        <BarChart
          title={t("insight.cash")}
          labels={days}
          series={[
            { name: t("totals.deposits"), values: charts.cash.map((d) => d.deposits), tone: "a" },
            { name: t("totals.withdrawals"), values: charts.cash.map((d) => d.withdrawals), tone: "b" },
          ]}
          format={money}
        />
        <ChartTable
          summary={t("insight.table")}
          head={[
            t("totals.day"),
            t("totals.deposits"),
            t("insight.requests"),
            t("totals.withdrawals"),
            t("insight.requests"),
          ]}
          rows={charts.cash.map((d) => [
            d.day,
            money(d.deposits),
            count(d.depositCount),
            money(d.withdrawals),
            count(d.withdrawalCount),
          ])}
        />
      </section>
      <section className="admin-section insight-wide" aria-labelledby="chart-pending">
        <h2 id="chart-pending">{t("insight.pending")}</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="chart-pending">
          {/* a card per queue on a phone (app/styles/admin.css), as the console's other tables */}
          <table className="admin-table cards">
            <thead>
              <tr>
                <th scope="col">{t("insight.queue")}</th>
                <th scope="col">{t("insight.waiting")}</th>
                {AGE_BANDS.map((k) => (
                  <th key={k} scope="col">
                    {t(k)}
                  </th>
                ))}
                <th scope="col">{t("insight.oldest")}</th>
              </tr>
            </thead>
            <tbody>
              <Pending label={t("approvals.deposits")} ages={charts.pending.deposits} />
              <Pending label={t("approvals.withdrawals")} ages={charts.pending.withdrawals} />
              <Pending label={t("approvals.adjustments")} ages={charts.pending.adjustments} />
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
