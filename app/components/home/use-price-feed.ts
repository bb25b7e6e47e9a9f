// The browser's side of /ws/prices (docs/product.md#market-prices): the server-rendered snapshot first, then every
// message of the PricesDO. Reconnects with backoff; a hidden page closes the socket and reopens it
// when shown again. Staleness is judged on the server's clock, corrected by the offset each message gives.

import { useEffect, useState } from "react";
import { nextRetryDelay, socketUrl } from "../../lib/game-socket";
import { parseSnapshot, type PriceSnapshot } from "#shared/prices/snapshot";

const PING_INTERVAL_MS = 25_000;
const RECHECK_MS = 5_000;

/** The latest snapshot and "now" on the server's clock (moves every few seconds, so stale marks appear on time). */
export function usePriceFeed(initial: PriceSnapshot): { snapshot: PriceSnapshot; nowMs: number } {
  const [snapshot, setSnapshot] = useState(initial);
  const [nowMs, setNowMs] = useState(initial.nowMs);

  useEffect(() => {
    let offsetMs = initial.nowMs ? initial.nowMs - Date.now() : 0;
    let socket: WebSocket | null = null;
    let retryDelay: number | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    const clock = setInterval(() => setNowMs(Date.now() + offsetMs), RECHECK_MS);

    const drop = () => {
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      if (!socket) return;
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close();
      socket = null;
    };
    const connect = () => {
      if (initial.feed === "off" || document.hidden || typeof WebSocket === "undefined") return;
      const ws = new WebSocket(socketUrl(window.location, "/ws/prices"));
      socket = ws;
      ws.onopen = () => {
        retryDelay = null;
        pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), PING_INTERVAL_MS);
      };
      ws.onmessage = (event) => {
        if (event.data === "pong") return;
        let parsed: PriceSnapshot | null = null;
        try {
          parsed = parseSnapshot(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed) return;
        offsetMs = parsed.nowMs - Date.now();
        setSnapshot(parsed);
        setNowMs(parsed.nowMs);
      };
      ws.onclose = ws.onerror = () => {
        drop();
        if (document.hidden) return;
        setSnapshot((current) => (current.feed === "off" ? current : { ...current, feed: "down" }));
        retryDelay = nextRetryDelay(retryDelay);
        retryTimer = setTimeout(connect, retryDelay);
      };
    };
    const onVisibility = () => {
      drop();
      retryDelay = null;
      if (!document.hidden) connect();
    };

    connect();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      clearInterval(clock);
      drop();
    };
    // One socket for the page's life: a loader's revalidation must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { snapshot, nowMs };
}
