import { PLAYER_ZONE, playerTime } from "~/lib/player-time";

/** A moment in the product's zone (app/lib/player-time.ts), the same on the server and in every browser. */
export function PlayerTime({
  ms,
  part = "full",
  zone = false,
}: {
  ms: number;
  part?: "full" | "clock";
  zone?: boolean;
}) {
  const text = playerTime(ms);
  return (
    <time dateTime={new Date(ms).toISOString()}>
      {part === "clock" ? text.slice(11) : text}
      {zone ? <span className="time-zone">{` ${PLAYER_ZONE}`}</span> : null}
    </time>
  );
}
