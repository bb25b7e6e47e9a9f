// The room's live feed in the browser: a WebSocket to the room (same origin, /ws/room/{id}), with the
// 10 s getVorder polling of docs/product.md#constants-and-limits while the socket is down. A hidden page stops both; showing the
// page again reloads the room and reconnects (docs/product.md#how-screens-behave).

import { useEffect, useRef, useState } from "react";
import { POLL_INTERVAL_MS } from "./game-countdown";
import { parseRoomMessage, type RoomMessage } from "./game-live-state";

export type LiveStatus = "connecting" | "live" | "polling" | "paused";

const PING_INTERVAL_MS = 25_000;
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/** A same-origin socket (/ws/room/{id}, /ws/prices), ws: or wss: by the page's protocol, so it is as secure as the page. */
export function socketUrl(location: { protocol: string; host: string }, path: string): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/** The next reconnect delay: doubling from 2 s, at most 30 s. */
export function nextRetryDelay(previousMs: number | null): number {
  return previousMs === null ? RETRY_FIRST_MS : Math.min(previousMs * 2, RETRY_MAX_MS);
}

type Handlers = {
  onMessage: (message: RoomMessage) => void;
  /** Fetch the current round's bets (the fallback while the socket is down). */
  onPoll: () => void;
  /** The page became visible again: reload the room. */
  onResume: () => void;
};

export function useRoomSocket(roomId: number, handlers: Handlers): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    let socket: WebSocket | null = null;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay: number | null = null;

    const startPolling = () => {
      if (pollTimer) return;
      latest.current.onPoll();
      pollTimer = setInterval(() => latest.current.onPoll(), POLL_INTERVAL_MS);
    };
    const stopTimers = () => {
      clearInterval(pingTimer);
      clearInterval(pollTimer);
      clearTimeout(retryTimer);
      pingTimer = pollTimer = retryTimer = undefined;
    };
    const dropSocket = () => {
      if (!socket) return;
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close();
      socket = null;
    };
    const connect = () => {
      if (document.hidden) return;
      if (typeof WebSocket === "undefined") {
        setStatus("polling");
        startPolling();
        return;
      }
      const ws = new WebSocket(socketUrl(window.location, `/ws/room/${roomId}`));
      socket = ws;
      ws.onopen = () => {
        setStatus("live");
        retryDelay = null;
        clearInterval(pollTimer);
        pollTimer = undefined;
        pingTimer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), PING_INTERVAL_MS);
        // Bets placed between the page load and the socket opening arrive through one poll.
        latest.current.onPoll();
      };
      ws.onmessage = (event) => {
        const message = parseRoomMessage(event.data);
        if (message) latest.current.onMessage(message);
      };
      ws.onclose = ws.onerror = () => {
        dropSocket();
        clearInterval(pingTimer);
        if (document.hidden) return;
        setStatus("polling");
        startPolling();
        retryDelay = nextRetryDelay(retryDelay);
        clearTimeout(retryTimer);
        retryTimer = setTimeout(connect, retryDelay);
      };
    };
    const onVisibility = () => {
      if (document.hidden) {
        dropSocket();
        stopTimers();
        setStatus("paused");
      } else {
        latest.current.onResume();
        setStatus("connecting");
        retryDelay = null;
        connect();
      }
    };

    connect();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      dropSocket();
      stopTimers();
    };
  }, [roomId]);

  return status;
}
