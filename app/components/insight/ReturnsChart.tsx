import { roomName } from "~/lib/game-labels";
import { useTranslation } from "react-i18next";
import { percent } from "./money";
import type { RoomReturn } from "#shared/answers/console-insight";

// Each room's realized return to player as a dot, on the band chance explains for its number of bets
// (worker/insight/charts.ts roomReturns) with its theoretical return as a tick: a dot off its band is
// drawn in the alert colour and named in words beside it, so colour is never the only sign.

const WIDTH = 480;
const ROW = 30;
const LEFT = 170;

export function ReturnsChart({ rooms }: { rooms: RoomReturn[] }) {
  const { t } = useTranslation("admin");
  if (rooms.length === 0) return <p className="muted">{t("insight.noBets")}</p>;
  const lo = Math.min(0.8, ...rooms.map((r) => Math.min(r.low, r.realized)));
  const hi = Math.max(1.1, ...rooms.map((r) => Math.max(r.high, r.realized)));
  const x = (v: number) => LEFT + ((v - lo) / (hi - lo)) * (WIDTH - LEFT - 12);
  const height = rooms.length * ROW + 24;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby="returns-title">
        <title id="returns-title">{t("insight.returns")}</title>
        {[lo, 1, hi].map((v, i) => (
          <g key={v}>
            <line x1={x(v)} x2={x(v)} y1={0} y2={height - 20} className="chart-grid" />
            <text x={x(v)} y={height - 6} textAnchor={(["start", "middle", "end"] as const)[i]} className="chart-label">
              {percent(v)}
            </text>
          </g>
        ))}
        {rooms.map((r, i) => {
          const cy = i * ROW + ROW / 2;
          return (
            <g key={r.roomId}>
              <text x={4} y={cy + 4} className="chart-label">
                #{r.roomId} {roomName(t, r).slice(0, 16)}
              </text>
              <rect
                x={x(Math.max(lo, r.low))}
                y={cy - 6}
                width={Math.max(1, x(Math.min(hi, r.high)) - x(Math.max(lo, r.low)))}
                height={12}
                className="chart-band"
              />
              <line x1={x(r.theoretical)} x2={x(r.theoretical)} y1={cy - 9} y2={cy + 9} className="chart-tick" />
              <circle cx={x(r.realized)} cy={cy} r={5} className={r.outside ? "chart-dot outside" : "chart-dot"} />
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-legend">
        <span>
          <i className="swatch band" aria-hidden="true" /> {t("insight.band")}
        </span>
        <span>
          <i className="swatch tick" aria-hidden="true" /> {t("insight.theoretical")}
        </span>
        <span>
          <i className="swatch dot" aria-hidden="true" /> {t("insight.realized")}
        </span>
      </figcaption>
    </figure>
  );
}
