// The game room's clock and live state in the browser: counts down from the server's diff, clears the
// bet list at 0 and reloads the room 3 s later (docs/product.md#how-screens-behave), applies socket messages, and polls the
// bet list every 10 s while the socket is down.

import { useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveBet } from "./game";
import type { GameInfo } from "#shared/answers/games";
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
  applyPollAnswer,
  applyRoomMessage,
  clearBets,
  initialLiveRoom,
  rememberMyOrder,
  type RoomMessage,
} from "./game-live-state";
import { useRoomSocket } from "./game-socket";
import { readJson } from "./read-json";

const TICK_MS = 250;
/** A poll on its way this long is given up at the next tick (a read the network lost). */
const POLL_STUCK_MS = 30_000;

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

  // The socket's bets and cancels that arrive while a poll is on its way: the answer is as of its read, so they
  // are applied again on top of it (applyPollAnswer). null while no poll is on its way.
  const newsDuringPoll = useRef<RoomMessage[] | null>(null);
  const onMessage = useCallback((message: RoomMessage) => {
    if (message.type === "round" && message.game.id !== liveRef.current.game.id) {
      if (Number.isFinite(message.game.drawAt)) {
        setDeadline(toDeviceTime(message.game.drawAt, offset.current));
        setNow(Date.now());
      }
      // The last round is settled by now: load the balance (with any award) and the round's full data.
      reload.current();
    }
    if (message.type === "bet" || message.type === "cancel") newsDuringPoll.current?.push(message);
    setLive((state) => applyRoomMessage(state, message));
  }, []);

  // A poll is a plain read (app/lib/read-json.ts): one that fails is dropped and the next one asks again, and the
  // room stays on screen either way. A tick while a poll is on its way is skipped (on a slow network each read
  // would otherwise cancel the last and none would land), unless that poll is older than POLL_STUCK_MS. Another
  // room or leaving the page cancels the read on its way.
  const pollRead = useRef<{ abort: AbortController; startedAt: number } | null>(null);
  const onPoll = useCallback(async () => {
    const running = pollRead.current;
    if (running && Date.now() - running.startedAt < POLL_STUCK_MS) return;
    running?.abort.abort();
    const read = { abort: new AbortController(), startedAt: Date.now() };
    pollRead.current = read;
    const news: RoomMessage[] = [];
    newsDuringPoll.current = news;
    const { game } = liveRef.current;
    const answer = await readJson(
      `/activity/${roomId}/live?seqno=${encodeURIComponent(String(game.seqno))}&gametype=${game.gametype}`,
      read.abort.signal,
    );
    if (read.abort.signal.aborted) return;
    pollRead.current = null;
    newsDuringPoll.current = null;
    if (!answer.ok) {
      // the session ended (or the account was frozen): /login, and back here afterwards
      if (answer.signIn) navigate(answer.signIn);
      return;
    }
    const { ok, list, seqno } = answer.data;
    if (!ok || seqno === null) return;
    // Another round is running on the server: reload the room rather than mix two rounds' bets.
    if (String(seqno) !== String(liveRef.current.game.seqno)) reload.current();
    else setLive((state) => applyPollAnswer(state, list, seqno, news));
  }, [roomId, navigate]);
  useEffect(
    () => () => {
      pollRead.current?.abort.abort();
      pollRead.current = null;
      newsDuringPoll.current = null;
    },
    [roomId],
  );

  const status = useRoomSocket(roomId, { onMessage, onPoll: () => void onPoll(), onResume: () => reload.current() });

  const rememberOrder = useCallback((orderId: number) => setLive((state) => rememberMyOrder(state, orderId)), []);

  return { live, secondsLeft, open: bettingOpen(secondsLeft, info.closeSeconds), status, rememberOrder };
}
