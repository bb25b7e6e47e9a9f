import { useEffect, useState } from "react";

function format(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
    timeZone,
  }).format(new Date(ms)).replace(",", "");
}

/**
 * A moment in the player's own time zone. The server cannot know that zone, so it renders UTC
 * (labelled) and the browser swaps in local time after hydration.
 */
export function LocalTime({ ms }: { ms: number }) {
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => setLocal(format(ms)), [ms]);
  return <time dateTime={new Date(ms).toISOString()}>{local ?? `${format(ms, "UTC")} UTC`}</time>;
}
