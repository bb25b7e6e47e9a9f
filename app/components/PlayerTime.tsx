import { useTranslation } from "react-i18next";
import { PLAYER_ZONE, playerTime } from "~/lib/player-time";

/**
 * A moment in the product's zone (app/lib/player-time.ts), the same on the server and in every browser, and the
 * one way a screen writes a date or a time: "2026-12-06 14:05", its "14:05" or its "2026-12-06". The zone is named
 * once per screen: beside the one time a screen shows (`zone`), or once above a list (<ZoneNote>).
 */
export function PlayerTime({
  ms,
  part = "full",
  zone = false,
}: {
  ms: number;
  part?: "full" | "clock" | "date";
  zone?: boolean;
}) {
  const text = playerTime(ms);
  return (
    <time className="player-time" dateTime={new Date(ms).toISOString()}>
      {part === "clock" ? text.slice(11) : part === "date" ? text.slice(0, 10) : text}
      {/* a no-break space: the zone never wraps alone onto a line of its own */}
      {zone ? <span className="time-zone">{`\u00a0${PLAYER_ZONE}`}</span> : null}
    </time>
  );
}

/** The zone of a list's dates and times, named once above the list instead of beside every row. */
export function ZoneNote() {
  const { t } = useTranslation();
  return <p className="zone-note">{t("timeZoneNote", { zone: PLAYER_ZONE })}</p>;
}
