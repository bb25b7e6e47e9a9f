// A soak: minutes of ordinary traffic against the local server, and its memory minute by minute. 12 players bet in
// two rooms with short rounds, each holding the room's socket (opened again now and then, as a page reload does),
// ask deposits that two operators approve (four eyes), and read pages and lists (home, the room page, bet records,
// funds); the scheduled jobs run every minute, as deployed. Each minute prints the resident memory of every
// process of the server, named by role, and the JS heap of its isolates (tests/bench/server-memory.mjs); the end
// checks the books and compares the runtime's memory over the last fifth of the soak with the first fifth.
// SOAK_MINUTES or `npm run bench -- soak <minutes>` (default 60; smoke: 1). SOAK_HEAP_SNAPSHOTS=1,3,6 writes heap
// snapshots of every isolate at those minutes (into SOAK_HEAP_DIR, default a new folder under the system's
// temporary folder) for scripts/heap-summary.mjs; docs/decisions/202-memory-under-traffic.md says what they showed.
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalCron } from "../../scripts/lib/local-cron.mjs";
import { heapsMib, isolates, rssMib, runtimeInspector, serverProcesses, writeHeapSnapshot } from "./server-memory.mjs";
import {
  approvePendingDeposits,
  askDeposit,
  depositPayee,
  fundAll,
  must,
  operatorToken,
  registerPlayers,
  setRoomTiming,
} from "./support.mjs";
import { playerCookie } from "../support/page-weight.mjs";

const PLAYERS = 12;
const ROOMS = [15, 16]; // Fast 3 and Big/Small, USDT: standard rooms no other bench part bets in
const ROUND_SECONDS = 20;
const CLOSE_SECONDS = 5;
const AMOUNT = 20;
const PAUSE_MS = 2_500; // between a player's turns (a bet when the round takes one, then a read), +/- half
const DEPOSIT = 12_000; // above the second-approval threshold (docs/settings.md): the admin, then the cashier
const DEPOSIT_EVERY_MS = 5 * 60_000; // each player's, staggered over the players
const SOCKET_TURNS = 24; // a player's room socket is opened again every this many turns (about a minute)
const SAMPLE_MS = 10_000;
const TARGET = 1.1; // runtime memory, last fifth of the soak over the first fifth

const RUNTIME = "workerd: the Worker, its Durable Objects, local D1";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (n) => (n === null || n === undefined ? "-" : n.toFixed(0));
const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;

/** Calls of every kind, counted: answered (code 1, HTTP 2xx), refused (an envelope's errCode), 5xx, lost. */
function tally() {
  const counts = { ok: 0, refused: 0, serverErrors: 0, lost: 0, byKind: new Map(), why: new Map() };
  const count = (kind, outcome, why) => {
    counts[outcome]++;
    const byKind = counts.byKind.get(kind) ?? { ok: 0, failed: 0 };
    if (outcome === "ok") byKind.ok++;
    else byKind.failed++;
    counts.byKind.set(kind, byKind);
    if (why) counts.why.set(`${kind}: ${why}`, (counts.why.get(`${kind}: ${why}`) ?? 0) + 1);
  };
  /** The contract's POST (the signature support.mjs's helpers take), counted. */
  const post = async (path, body) => {
    const kind = path.replace(/^\/api\//, "");
    let response;
    try {
      response = await fetch(`${base.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (error) {
      count(kind, "lost", String(error?.message ?? error));
      throw error;
    }
    if (response.status >= 500) {
      await response.text();
      count(kind, "serverErrors", `HTTP ${response.status}`);
      return { code: 0, info: `HTTP ${response.status}`, data: {} };
    }
    const answer = await response.json();
    if (answer.code === 1) count(kind, "ok");
    else count(kind, "refused", `errCode ${answer.data?.errCode ?? answer.code}`);
    return answer;
  };
  /** A page as a signed-in player's browser asks for it, counted. */
  const page = async (path, cookie) => {
    const kind = `page ${path}`;
    try {
      const response = await fetch(`${base.url}${path}`, { headers: { cookie }, redirect: "manual" });
      await response.text();
      if (response.status === 200) count(kind, "ok");
      else count(kind, response.status >= 500 ? "serverErrors" : "refused", `HTTP ${response.status}`);
    } catch (error) {
      count(kind, "lost", String(error?.message ?? error));
    }
  };
  const base = { url: "" };
  return { counts, count, post, page, base };
}

/**
 * The room's socket, held until `close()`; its messages are read and dropped, as a page that shows them would. A
 * socket that fails before the player leaves counts as lost; one closed while still opening counts as nothing.
 */
function roomSocket(base, roomId, calls) {
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/ws/room/${roomId}`);
  let leaving = false;
  socket.addEventListener("message", () => {});
  socket.addEventListener("open", () => calls.count("room socket", "ok"), { once: true });
  socket.addEventListener("error", () => leaving || calls.count("room socket", "lost", "socket error"), { once: true });
  return {
    close() {
      leaving = true;
      socket.close();
    },
  };
}

/** The Worker's unexpected errors (logged with their request id, answered 1014) in the server's output since `from`. */
const serverErrors = (log, from) =>
  log()
    .slice(from)
    .split("\n")
    .filter((line) => /"requestId".*"error"/.test(line))
    .map((line) => line.slice(0, 400));

/**
 * A round of the new timing in the room, without waiting one out: a round opened before the change is voided, and the
 * void opens the next round, of the room's timing, in its own batch (worker/room/round-cycle.ts).
 */
async function shortRoundIn(post, operator, token, roomId) {
  const isShort = (game) =>
    game.drawAt - game.closeAt === CLOSE_SECONDS * 1000 && game.drawAt - Date.now() <= ROUND_SECONDS * 1000;
  const { game } = await must(post, "/api/Game/getGameinfo", { token, roomid: roomId });
  if (isShort(game)) return;
  await must(post, "/api/admin/rounds/void", { token: operator, roundId: game.id, reason: "soak: short rounds" });
  const { game: next } = await must(post, "/api/Game/getGameinfo", { token, roomid: roomId });
  if (!isShort(next))
    throw new Error(`room ${roomId}: the void opened round ${next.id}, not one of ${ROUND_SECONDS} s`);
}

/** One player's traffic until the deadline: a bet when the round takes one, then one read, a socket held. */
async function playerTraffic({ player, index, roomId, deadline, calls, base, paid, startedAt }) {
  const { post, page } = calls;
  const { token, cookie } = player;
  const reads = [
    () => page("/", cookie),
    () => page(`/activity/${roomId}`, cookie),
    () => post("/api/Game/getGamelog2", { token, page: 1 }),
    () => page("/betlist", cookie),
    () => post("/api/Game/getVorder", { token, roomid: roomId, isfirst: 1 }),
    () => page("/my_income", cookie),
    () => post("/api/Game/getfinanceflow", { token, page: 1 }),
    () => post("/api/Game/getuserinfo", { token }),
    () => post("/api/Game/getRechargelist", { token, page: 1 }),
    () => post("/api/Game/getGamelog", { token, roomid: roomId, page: 1 }),
  ];
  let socket = roomSocket(base, roomId, calls);
  let nextDepositAt = startedAt + (index * DEPOSIT_EVERY_MS) / PLAYERS;
  let orders = 0;
  for (let turn = index; Date.now() < deadline; turn++) {
    try {
      const info = await post("/api/Game/getGameinfo", { token, roomid: roomId });
      if (info.code === 1 && info.data.game.closeAt - Date.now() > 3_000) {
        const option = turn % 4;
        const placed = await post("/api/Game/order", {
          token,
          gameid: info.data.game.id,
          roomid: roomId,
          order_info: [[option, info.data.options[option].odds, AMOUNT]],
          request_id: crypto.randomUUID(),
        });
        if (placed.code === 1) orders++;
      }
      await reads[turn % reads.length]();
      if (Date.now() >= nextDepositAt) {
        await askDeposit(post, token, DEPOSIT, paid).catch(() => {}); // counted by the post
        nextDepositAt += DEPOSIT_EVERY_MS;
      }
    } catch {
      // a lost call is counted where it was lost; the player carries on, as a page would
    }
    if (turn % SOCKET_TURNS === SOCKET_TURNS - 1) {
      socket.close();
      socket = roomSocket(base, roomId, calls);
    }
    await sleep(PAUSE_MS * (0.5 + Math.random()));
  }
  socket.close();
  return orders;
}

/** The operators until the deadline: every 15 s the admin reads the deposits waiting and approves them, the cashier seconds. */
async function operatorTraffic({ post, log, deadline }) {
  let approvals = 0;
  while (Date.now() < deadline) {
    approvals += await approvePendingDeposits(post, log).catch(() => 0); // a refusal is counted by the post
    await sleep(15_000);
  }
  return approvals;
}

/** Samples every process's memory; once a minute, every isolate's heap, a progress line and any snapshot asked. */
function memoryWatch({ pid, inspector, progress, snapshotMinutes, snapshotDir }) {
  const samples = []; // { atMs, rss: Map(role -> MiB) }
  const minutes = []; // { minute, rss: Map, heaps: Map }
  const snapshots = [];
  const sample = () => {
    const rss = new Map();
    for (const { pid: p, role } of serverProcesses(pid)) {
      const size = rssMib(p);
      if (size !== null) rss.set(role, (rss.get(role) ?? 0) + size);
    }
    samples.push({ atMs: Date.now(), rss });
    return rss;
  };
  const minute = async (m) => {
    const rss = sample();
    const heaps = await heapsMib(inspector).catch(() => new Map());
    minutes.push({ minute: m, rss, heaps });
    const heapLine = [...groupHeaps(heaps)].map(([name, group]) => `${name} ${heapFigure(group)}`).join(", ");
    progress(
      `  minute ${m}: RSS MiB ${[...rss].map(([role, size]) => `${role} ${mib(size)}`).join("; ")} | JS heap + held outside it, MiB: ${heapLine}`,
    );
    if (snapshotMinutes.includes(m)) {
      for (const isolate of await isolates(inspector)) {
        const file = join(snapshotDir, `minute-${m}-${isolate.id.replace(/[^a-zA-Z0-9-]+/g, "_")}.heapsnapshot`);
        try {
          await writeHeapSnapshot(isolate, file);
          snapshots.push(file);
        } catch (error) {
          progress(`  (no snapshot of ${isolate.id}: ${error.message})`);
        }
      }
      progress(`  heap snapshots of minute ${m} in ${snapshotDir}`);
    }
  };
  return { samples, minutes, snapshots, sample, minute };
}

/** The Worker's isolate (it runs the Durable Objects too), local D1's, and miniflare's other isolates summed. */
function groupHeaps(heaps) {
  const groups = new Map();
  for (const [id, { used, outside }] of heaps) {
    const name = /^core:user:(?!miniflare-)/.test(id)
      ? "the Worker and its Durable Objects"
      : id === "d1:db"
        ? "local D1"
        : "miniflare's other isolates";
    const group = groups.get(name) ?? { used: 0, outside: 0 };
    groups.set(name, { used: group.used + used, outside: group.outside + outside });
  }
  return groups;
}

/** "used + outside" of one group, in MiB. */
const heapFigure = (group) => (group ? `${group.used.toFixed(1)}+${group.outside.toFixed(1)}` : "-");

/** Last fifth of the samples over the first fifth, of one process role's resident memory. */
function growth(samples, role) {
  const sizes = samples.map((s) => s.rss.get(role)).filter((size) => size !== undefined);
  const fifth = Math.max(1, Math.floor(sizes.length / 5));
  return mean(sizes.slice(-fifth)) / mean(sizes.slice(0, fifth));
}

export default async function ({ base, log, smsCode, report, smoke, serverPid, minutes: minutesArg }) {
  const section = "soak";
  const progress = (line) => console.error(line);
  const minutes = smoke ? 1 : Number(minutesArg ?? process.env.SOAK_MINUTES ?? 60);
  if (!(minutes >= 1))
    throw new Error(`the soak runs whole minutes, at least 1 (asked: ${minutesArg ?? process.env.SOAK_MINUTES})`);
  const snapshotMinutes = (process.env.SOAK_HEAP_SNAPSHOTS ?? "").split(",").filter(Boolean).map(Number);
  const snapshotDir =
    process.env.SOAK_HEAP_DIR ?? (snapshotMinutes.length ? mkdtempSync(join(tmpdir(), "soak-heap-")) : "");
  if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });

  const logFrom = log().length;
  const calls = tally();
  calls.base.url = base;
  const { post } = calls;

  // Short rounds in the two rooms, then the players, each with a session for the API and one for pages, and funds.
  const operator = await operatorToken(post, log);
  for (const roomId of ROOMS)
    await setRoomTiming(post, operator, roomId, { roundSeconds: ROUND_SECONDS, closeSeconds: CLOSE_SECONDS });
  const players = await registerPlayers(post, smsCode, PLAYERS);
  for (const roomId of ROOMS) await shortRoundIn(post, operator, players[0].token, roomId);
  for (const player of players) player.cookie = await playerCookie(base, player.username, player.password);
  await fundAll(
    post,
    log,
    players.map((p) => p.token),
    DEPOSIT,
  );
  const paid = await depositPayee(post, log);

  const processes = serverProcesses(serverPid);
  if (!processes.some((p) => p.role === RUNTIME)) throw new Error("no workerd process of the server found in /proc");
  const watch = memoryWatch({
    pid: serverPid,
    inspector: await runtimeInspector(processes),
    progress,
    snapshotMinutes,
    snapshotDir,
  });
  await watch.minute(0);

  // The traffic, with the scheduled jobs every minute as deployed (the bench's server runs none of its own).
  const cron = startLocalCron({ port: new URL(base).port, log: progress });
  const startedAt = Date.now();
  const deadline = startedAt + minutes * 60_000;
  const sampler = setInterval(() => watch.sample(), SAMPLE_MS);
  const minuteTicks = (async () => {
    for (let m = 1; m <= minutes; m++) {
      await sleep(Math.max(0, startedAt + m * 60_000 - Date.now()));
      await watch.minute(m);
    }
  })();
  let orders;
  let approvals;
  try {
    [orders, approvals] = await Promise.all([
      Promise.all(
        players.map((player, index) =>
          playerTraffic({
            player,
            index,
            roomId: ROOMS[index % ROOMS.length],
            deadline,
            calls,
            base,
            paid,
            startedAt,
          }),
        ),
      ),
      operatorTraffic({ post, log, deadline }),
    ]);
    await minuteTicks;
  } finally {
    clearInterval(sampler);
    cron.stop();
  }
  const placed = orders.reduce((a, b) => a + b, 0);

  // The books once every deposit is decided: the live check of every wallet shard, which holds at any moment (the
  // stakes of rounds still open are counted in play; a shard settles a round in one batch), so no round is waited out.
  approvals += await approvePendingDeposits(post, log);
  const books = await must(post, "/api/admin/books/check", { token: operator });

  const { counts } = calls;
  const failed = counts.refused + counts.serverErrors + counts.lost;
  const why = [...counts.why]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([what, n]) => `${n} x ${what}`)
    .join("; ");
  const reads = [...counts.byKind]
    .filter(([kind]) => !/Game\/order$|getGameinfo$|admin\/|recharge$/.test(kind))
    .reduce((sum, [, byKind]) => sum + byKind.ok, 0);
  report(
    section,
    `${minutes} min of traffic: ${PLAYERS} players in rooms ${ROOMS.join(" and ")} (rounds ${ROUND_SECONDS} s)`,
    `${placed} orders placed, ${reads} pages and lists read, ${approvals} deposit approvals (two operators each), ` +
      `${counts.ok} calls answered; ${counts.serverErrors} 5xx, ${failed} failed${why ? ` (${why})` : ""}`,
  );
  for (const role of new Set(watch.minutes.flatMap((m) => [...m.rss.keys()])))
    report(section, `RSS per minute, ${role}`, `${watch.minutes.map((m) => mib(m.rss.get(role))).join(", ")} MiB`);
  for (const name of new Set(watch.minutes.flatMap((m) => [...groupHeaps(m.heaps).keys()])))
    report(
      section,
      `JS heap + held outside it per minute, ${name}`,
      `${watch.minutes.map((m) => heapFigure(groupHeaps(m.heaps).get(name))).join(", ")} MiB`,
    );
  if (watch.snapshots.length)
    report(section, "heap snapshots", `${watch.snapshots.length} in ${snapshotDir} (node scripts/heap-summary.mjs)`);
  const errorLines = serverErrors(log, logFrom);
  if (errorLines.length)
    progress(`  the Worker's unexpected errors (${errorLines.length}):\n    ${errorLines.slice(0, 5).join("\n    ")}`);
  const shards = books.checked ? (books.shards ?? []) : [];
  report(
    section,
    "books after the soak (every wallet shard's live check)",
    books.checked && books.ok
      ? `ok: ${shards.length} shards, ${books.rowsSummed} rows summed, every balance its ledger's sum, balances with the house and stakes in play sum to ${(books.balances + books.stakesInPlay).toFixed(2)}`
      : `BOOKS DO NOT ADD UP: ${JSON.stringify(books.problems ?? books).slice(0, 200)}`,
  );
  const ratio = growth(watch.samples, RUNTIME);
  report(
    section,
    `${RUNTIME}: RSS, last fifth / first fifth (target <= ${TARGET.toFixed(2)})`,
    `${ratio.toFixed(2)} (${ratio <= TARGET ? "met" : "NOT met"}; ${watch.samples.length} samples every ${SAMPLE_MS / 1000} s)`,
  );
  if (!books.checked || !books.ok) throw new Error("the books do not add up after the soak");
  if (counts.serverErrors || counts.lost)
    throw new Error(`${counts.serverErrors} 5xx, ${counts.lost} lost calls: ${why}`);
}
