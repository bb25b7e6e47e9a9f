// Costs that stay flat as data grows (docs/decisions/115): the live bet list at 100, 1,000 and 10,000
// bets in a round, bet records page 1 against page 500, a room page against getconfig, and 1,000
// room sockets opened. Bounded: every loop has a count and the runner's time limit.
import { contract, fund } from "./support.mjs";

const ROOM = 1;

export default async function ({ base, measure, log }) {
  const post = contract(base);
  const must = async (path, body) => {
    const answer = await post(path, body);
    if (answer.code !== 1) throw new Error(`${path}: ${answer.info}`);
    return answer.data;
  };
  const token = (await must("/api/Index/login", { username: "demo01", password: "demo1234" })).token;

  // Money for 10,000 bets.
  await fund(post, log, token, 60_000);

  // A round with most of its betting time ahead.
  let info;
  for (let tries = 0; tries < 200; tries++) {
    info = await post("/api/Game/getGameinfo", { token, roomid: ROOM });
    if (info.code === 1 && info.data.game.closeAt - Date.now() > 240_000) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const gameid = info.data.game.id;
  const odds = info.data.options.map((o) => o.odds);
  let bets = 0;
  const fillTo = async (target) => {
    const orders = [];
    while (bets < target) {
      const k = Math.min(9, target - bets);
      orders.push(Array.from({ length: k }, (_, i) => [i, odds[i], Math.max(3, Math.ceil(20 / k))]));
      bets += k;
    }
    let next = 0;
    const worker = async () => {
      while (next < orders.length) await must("/api/Game/order", { token, gameid, roomid: ROOM, order_info: orders[next++] });
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  };
  const live = {};
  for (const size of [100, 1_000, 10_000]) {
    const t0 = performance.now();
    await fillTo(size);
    console.log(`  (placed bets up to ${size.toLocaleString("en")} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    live[size] = await measure(`getVorder, ${size.toLocaleString("en")} bets in the round`, { count: 100, concurrency: 5 }, () =>
      must("/api/Game/getVorder", { token, roomid: ROOM, isfirst: 1 }),
    );
  }
  console.log(`  ratio: getVorder 10,000 / 100 bets p50 ${(live[10_000].p50 / live[100].p50).toFixed(2)}`);

  // Bet records: page 500 reached by its cursor costs what page 1 costs; page 50 by number (OFFSET) for contrast.
  let after = null;
  for (let page = 2; page <= 500; page++) {
    const data = await must("/api/Game/getGamelog2", { token, page: page - 1, ...(after ? { after } : {}) });
    after = data.next;
    if (!after) throw new Error(`the records ended before page 500 (page ${page - 1})`);
  }
  const first = await measure("records page 1", { count: 100, concurrency: 5 }, () => must("/api/Game/getGamelog2", { token, page: 1 }));
  const far = await measure("records page 500 (cursor)", { count: 100, concurrency: 5 }, () => must("/api/Game/getGamelog2", { token, page: 500, after }));
  const offset = await measure("records page 50 (by number, OFFSET)", { count: 100, concurrency: 5 }, () => must("/api/Game/getGamelog2", { token, page: 50 }));
  console.log(`  ratios: page 500 / page 1 p50 ${(far.p50 / first.p50).toFixed(2)}, page 50 by number / page 1 p50 ${(offset.p50 / first.p50).toFixed(2)}`);

  // The room page (five in-process API calls, one session lookup) against getconfig.
  const form = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username: "demo01", password: "demo1234" }),
  });
  const cookie = form.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const config = await measure("getconfig", { count: 300, concurrency: 10 }, () => must("/api/Index/getconfig", {}));
  const room = await measure(`GET /activity/${ROOM} (room page, SSR)`, { count: 150, concurrency: 10 }, async () => {
    const response = await fetch(`${base}/activity/${ROOM}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(String(response.status));
    await response.text();
  });
  console.log(`  ratio: room page / getconfig p50 ${(room.p50 / config.p50).toFixed(2)}`);

  // 1,000 sockets opened and held, each until its first message (the round and the last results).
  const sockets = [];
  const socketUrl = `${base.replace(/^http/, "ws")}/ws/room/${ROOM}`;
  const started = performance.now();
  const opened = await measure("WebSocket open + first message", { count: 1_000, concurrency: 25, maxSeconds: 120 }, () =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(socketUrl);
      sockets.push(socket);
      const timer = setTimeout(() => reject(new Error("no first message")), 10_000);
      socket.addEventListener("message", () => (clearTimeout(timer), resolve()), { once: true });
      socket.addEventListener("error", () => (clearTimeout(timer), reject(new Error("socket error"))), { once: true });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${opened.done} sockets open in ${seconds.toFixed(2)} s: ${((seconds * 1000) / opened.done).toFixed(2)} ms per connection`);
  for (const socket of sockets) socket.close();
}
