// The game room's clock and live state in the browser: counts down from the server's diff, clears the
// bet list at 0 and reloads the room 3 s later (docs/product.md#how-screens-behave), applies socket messages, and polls the
// bet list every 10 s while the socket is down.

import { useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { GameInfo, LiveBet, PollAnswer } from "./game";
import {
  bettingOpen,
  clockOffset,
  deviceDeadline,
  msLeftWhenServed,
  NEXT_ROUND_DELAY_MS,
  nextShownNow,
  remainingSeconds,
  secondsOfDiff,
  toDeviceTime,
} from "./game-countdown";
import {
  applyPolledBets,
  applyRoomMessage,
  clearBets,
  initialLiveRoom,
  rememberMyOrder,
  type RoomMessage,
} from "./game-live-state";
import { useRoomSocket } from "./game-socket";
import { readJson } from "./read-json";

const TICK_MS = 250;

let documentTimingUsed = false;

/**
 * When the page's data reached this device. For the document itself that is when its response began
 * (hydration can come seconds later on a slow phone); for data fetched afterwards it is now.
 */
function receivedAtDeviceMs(): number {
  const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (!documentTimingUsed && navigation && navigation.name === window.location.href && navigation.responseStart > 0) {
    documentTimingUsed = true;
    return performance.timeOrigin + navigation.responseStart;
  }
  documentTimingUsed = true;
  return Date.now();
}

export function useLiveRound(roomId: number, info: GameInfo, loadedBets: LiveBet[], servedAt: number) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [live, setLive] = useState(() => initialLiveRoom(info.game, info.his, loadedBets));
  // Device-time deadline; null during server rendering, where the diff itself is shown.
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState<number | null>(null);
  const offset = useRef(0);
  const liveRef = useRef(live);
  liveRef.current = live;

  // Fresh loader data (first load, after an order, after a round change): restart from it.
  useEffect(() => {
    const drawAtDevice = deviceDeadline(msLeftWhenServed(info.diff, info.game.drawAt, servedAt), receivedAtDeviceMs());
    offset.current = clockOffset(info.game.drawAt, drawAtDevice);
    setDeadline(drawAtDevice);
    setNow(Date.now());
    setLive(initialLiveRoom(info.game, info.his, loadedBets));
  }, [info, loadedBets, servedAt]);

  const deadlineRef = useRef(deadline);
  deadlineRef.current = deadline;
  // The clock shows whole seconds: a tick renders the room only when the second shown changes.
  useEffect(() => {
    const timer = setInterval(() => setNow((shown) => nextShownNow(shown, deadlineRef.current, Date.now())), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const secondsLeft = deadline === null || now === null ? secondsOfDiff(info.diff) : remainingSeconds(deadline, now);
  const atZero = deadline !== null && secondsLeft === 0;

  // At 0 the lists clear; 3 s later the next round and the balance load. If the room has not opened the
  // next round yet, the reload shows 0 again and this schedules another one.
  useEffect(() => {
    if (!atZero) return;
    setLive(clearBets);
    const timer = setTimeout(() => revalidator.revalidate(), NEXT_ROUND_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [atZero, info]);

  const reload = useRef(revalidator.revalidate);
  reload.current = revalidator.revalidate;

  // bets and cancels the socket brought: a poll read before one of them is older than the table
  const socketMoves = useRef(0);
  const onMessage = useCallback((message: RoomMessage) => {
    if (message.type === "round" && message.game.id !== liveRef.current.game.id) {
      if (Number.isFinite(message.game.drawAt)) {
        setDeadline(toDeviceTime(message.game.drawAt, offset.current));
        setNow(Date.now());
      }
      // The last round is settled by now: load the balance (with any award) and the round's full data.
      reload.current();
    }
    if (message.type === "bet" || message.type === "cancel") socketMoves.current += 1;
    setLive((state) => applyRoomMessage(state, message));
  }, []);

  // A poll is a plain read (app/lib/read-json.ts): one that fails is dropped and the next one asks again, and the
  // room stays on screen either way. A newer poll, another room or leaving the page cancels the read on its way.
  // An answer read before a bet or cancel the socket brought is older than the table: the socket's word stands.
  const pollRead = useRef<AbortController | null>(null);
  const onPoll = useCallback(async () => {
    pollRead.current?.abort();
    const read = new AbortController();
    pollRead.current = read;
    const movesBefore = socketMoves.current;
    const { game } = liveRef.current;
    const answer = await readJson<PollAnswer>(
      `/activity/${roomId}/live?seqno=${encodeURIComponent(String(game.seqno))}&gametype=${game.gametype}`,
      read.signal,
    );
    if (read.signal.aborted) return;
    pollRead.current = null;
    if (!answer.ok) {
      // the session ended (or the account was frozen): /login, and back here afterwards
      if (answer.signIn) navigate(answer.signIn);
      return;
    }
    const { ok, list, seqno } = answer.data;
    if (!ok || seqno === null) return;
    // Another round is running on the server: reload the room rather than mix two rounds' bets.
    if (String(seqno) !== String(liveRef.current.game.seqno)) reload.current();
    else if (socketMoves.current === movesBefore) setLive((state) => applyPolledBets(state, list, seqno));
  }, [roomId, navigate]);
  useEffect(() => () => pollRead.current?.abort(), [roomId]);

  const status = useRoomSocket(roomId, { onMessage, onPoll: () => void onPoll(), onResume: () => reload.current() });

  const rememberOrder = useCallback((orderId: number) => setLive((state) => rememberMyOrder(state, orderId)), []);

  return { live, secondsLeft, open: bettingOpen(secondsLeft, info.closeSeconds), status, rememberOrder };
}
