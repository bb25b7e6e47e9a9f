import { useEffect, useRef } from "react";
import { useRevalidator } from "@remix-run/react";
import { readJson } from "./read-json";

/** How often an open, visible page asks whether a notice arrived (docs/decisions/142). */
const WATCH_MS = 20_000;

/**
 * Learns of a new notice without a reload: while the page is visible it asks /notice-count every
 * 20 s and when it comes back into view; a count above the one the page shows reloads the page's
 * data (the badge, and the balance the decision changed). Nothing runs for guests or hidden pages.
 */
export function useNoticeWatch(unread: number | null) {
  const revalidator = useRevalidator();
  const shown = useRef(unread);
  shown.current = unread;
  useEffect(() => {
    if (unread === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      if (document.visibilityState !== "visible") return;
      // offline for a moment, the read fails: the next turn asks again
      const read = await readJson("/notice-count");
      if (!read.ok || stopped) return;
      if (read.data.unread > (shown.current ?? 0) && revalidator.state === "idle") revalidator.revalidate();
    };
    const loop = () => {
      timer = setTimeout(async () => {
        await ask();
        if (!stopped) loop();
      }, WATCH_MS);
    };
    const onVisible = () => void ask();
    document.addEventListener("visibilitychange", onVisible);
    loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    // The watcher lives as long as a player is signed in; the count it compares with is read from the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread === null]);
}
