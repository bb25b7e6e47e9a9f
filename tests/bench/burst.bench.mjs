// The moment bets really cluster: 1,000 orders fired at once into one room by 50 players, beside a flood
// of 1,000 getconfig calls fired at once in the same run. Landed / refused / lost, answer p50 and p99,
// throughput of the landed calls; then, after the draw, the round's settlement and each player's books.
import { contract, fundAll, must, operatorToken, registerPlayers, setRoomTiming } from "./support.mjs";

const ROOM = 9; // 11x5 Classic, USDT: a standard room no other bench part bets in
const AMOUNT = 20;
const FULL = { PLAYERS: 50, ORDERS: 1_000, FUNDS: 500, ROUND_SECONDS: 120, CLOSE_SECONDS: 10, BETTING_LEFT_MS: 60_000 };
// npm run bench -- smoke: a few players and orders in a short round, to show the part works end to end
const SMOKE = { PLAYERS: 3, ORDERS: 12, FUNDS: 100, ROUND_SECONDS: 30, CLOSE_SECONDS: 10, BETTING_LEFT_MS: 8_000 };

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fires every call at once; each answer is landed (code 1), refused (an envelope with its errCode) or lost. */
async function burst(calls) {
  const started = performance.now();
  const outcomes = await Promise.all(
    calls.map(async (call) => {
      const t0 = performance.now();
      try {
        const answer = await call();
        const ms = performance.now() - t0;
        if (answer?.code === 1) return { kind: "landed", ms, answer };
        if (answer && typeof answer.code === "number")
          return { kind: "refused", ms, code: answer.data?.errCode ?? answer.code };
        return { kind: "lost", ms, why: "no envelope" };
      } catch (error) {
        return { kind: "lost", ms: performance.now() - t0, why: String(error?.message ?? error) };
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const of = (kind) => outcomes.filter((o) => o.kind === kind);
  const answered = outcomes
    .filter((o) => o.kind !== "lost")
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const codes = {};
  for (const o of of("refused")) codes[o.code] = (codes[o.code] ?? 0) + 1;
  const why = [...new Set(of("lost").map((o) => o.why))].slice(0, 3);
  return {
    outcomes,
    seconds,
    landed: of("landed").length,
    refused: of("refused").length,
    lost: of("lost").length,
    codes,
    why,
    p50: pct(answered, 50),
    p99: pct(answered, 99),
    perSecond: of("landed").length / seconds,
  };
}

const figure = (b) =>
  `${b.landed} landed, ${b.refused} refused${
    b.refused
      ? ` (${Object.entries(b.codes)
          .map(([code, n]) => `${n} x ${code}`)
          .join(", ")})`
      : ""
  }, ${b.lost} lost${b.lost ? ` (${b.why.join("; ")})` : ""}; ` +
  `answer p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms; ${b.perSecond.toFixed(1)} landed/s over ${b.seconds.toFixed(1)} s`;

export default async function ({ base, report, log, smsCode, smoke }) {
  const { PLAYERS, ORDERS, FUNDS, ROUND_SECONDS, CLOSE_SECONDS, BETTING_LEFT_MS } = smoke ? SMOKE : FULL;
  const post = contract(base);
  const section = "burst";
  const tokens = (await registerPlayers(post, smsCode, PLAYERS)).map((player) => player.token);
  await fundAll(post, log, tokens, FUNDS);

  // Short rounds for this room only, set before its first round opens (a room change applies from its next round).
  const operator = await operatorToken(post, log);
  await setRoomTiming(post, operator, ROOM, { roundSeconds: ROUND_SECONDS, closeSeconds: CLOSE_SECONDS });
  let info;
  for (let tries = 0; tries < 3 * ROUND_SECONDS; tries++) {
    info = await must(post, "/api/Game/getGameinfo", { token: tokens[0], roomid: ROOM });
    if (
      info.game.drawAt - info.game.closeAt === CLOSE_SECONDS * 1000 &&
      info.game.closeAt - Date.now() > BETTING_LEFT_MS
    )
      break;
    await sleep(1000);
  }
  if (!(info.game.closeAt - Date.now() > BETTING_LEFT_MS))
    throw new Error(`room ${ROOM}: no round with ${BETTING_LEFT_MS / 1000} s of betting left`);
  const { id: gameid, seqno, drawAt } = info.game;

  // Option i % 4 of the first four (big, small, odd, even), 20.00 each: 20 orders a player.
  const orders = Array.from({ length: ORDERS }, (_, i) => ({ player: i % PLAYERS, option: i % 4 }));
  const placed = await burst(
    orders.map(
      ({ player, option }) =>
        () =>
          post("/api/Game/order", {
            token: tokens[player],
            gameid,
            roomid: ROOM,
            order_info: [[option, info.options[option].odds, AMOUNT]],
            request_id: crypto.randomUUID(),
          }),
    ),
  );
  const flood = await burst(Array.from({ length: ORDERS }, () => () => post("/api/Index/getconfig", {})));
  report(
    section,
    `${ORDERS.toLocaleString("en")} orders at once, ${PLAYERS} players, room ${ROOM} (1 option x ${AMOUNT}.00)`,
    figure(placed),
  );
  report(section, `${ORDERS.toLocaleString("en")} getconfig at once`, figure(flood));
  const clean = placed.refused + placed.lost + flood.refused + flood.lost === 0;
  report(
    section,
    "order/getconfig (landed per second)",
    clean ? (placed.perSecond / flood.perSecond).toFixed(2) : "no ratio: some calls were refused or lost (above)",
  );

  // After the draw: every landed order settled, and every player's balance = funds - stakes + awards.
  await sleep(Math.max(0, drawAt - Date.now()) + 3_000);
  let drawn = null;
  for (let tries = 0; tries < 60 && !drawn; tries++) {
    const log = await must(post, "/api/Game/getGamelog", { token: tokens[0], roomid: ROOM, page: 1 });
    drawn = log.list.find((round) => round.seqno === seqno && round.seed) ?? null;
    if (!drawn) await sleep(1000);
  }
  if (!drawn) throw new Error(`round ${seqno} of room ${ROOM} was not drawn`);
  const landedBy = new Array(PLAYERS).fill(0);
  placed.outcomes.forEach((outcome, i) => outcome.kind === "landed" && landedBy[orders[i].player]++);
  const problems = [];
  let settledBets = 0;
  for (let p = 0; p < PLAYERS; p++) {
    const records = await must(post, "/api/Game/getGamelog2", { token: tokens[p], page: 1 });
    const rows = (records.data ?? []).filter(
      (row) => Number(row.roomid) === ROOM && String(row.seqno) === String(seqno),
    );
    const unsettled = rows.filter((row) => Number(row.isaward) === -1).length;
    const awards = rows.reduce((sum, row) => sum + Number(row.award ?? 0), 0);
    const money = (await must(post, "/api/Game/getuserinfo", { token: tokens[p] })).money;
    const expected = FUNDS - landedBy[p] * AMOUNT + awards;
    settledBets += rows.length - unsettled;
    if (rows.length !== landedBy[p] || unsettled)
      problems.push(`player ${p}: ${rows.length} records for ${landedBy[p]} landed orders, ${unsettled} unsettled`);
    if (Math.abs(money - expected) > 0.005)
      problems.push(`player ${p}: balance ${money}, expected ${expected.toFixed(2)}`);
  }
  report(
    section,
    `round ${seqno} after the draw`,
    problems.length
      ? `BOOKS DO NOT ADD UP: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (+${problems.length - 3} more)` : ""}`
      : `${settledBets} bets settled, every player's balance = funds - stakes + awards (${PLAYERS} players)`,
  );
  if (problems.length) throw new Error(`burst: ${problems.length} problems after the draw`);
}
