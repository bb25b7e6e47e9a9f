// Costs that stay flat as data grows (docs/decisions/115): the live bet list and the room page at 100,
// 1,000 and 10,000 bets in a round, bet records page 1 against page 500, the room page against getconfig
// and getuserinfo, and 1,000 room sockets opened (the first 100 against the last 100). Bounded: every
// loop has a count and a time limit.
import { contract, fund } from "./support.mjs";
import { playerCookie } from "../support/page-weight.mjs";

const ROOM = 1;

export default async function ({ base, measure, ratio: ratioOf, report, log, smoke }) {
  // smoke: the same steps at sizes that only show each works
  const sizes = smoke ? [25, 50] : [100, 1_000, 10_000];
  const farPage = smoke ? 2 : 500;
  const socketCount = smoke ? 50 : 1_000;
  const calls = (full) => (smoke ? 4 : full);
  const post = contract(base);
  const must = async (path, body) => {
    const answer = await post(path, body);
    if (answer.code !== 1) throw new Error(`${path}: ${answer.info}`);
    return answer.data;
  };
  const token = (await must("/api/Index/login", { username: "demo01", password: "demo1234" })).token;

  // Money for 10,000 bets.
  await fund(post, log, token, smoke ? 1_000 : 60_000);

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
      while (next < orders.length)
        await must("/api/Game/order", { token, gameid, roomid: ROOM, order_info: orders[next++] });
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  };
  // The room page as a player opens it (five in-process API calls, one session lookup).
  const cookie = await playerCookie(base);
  const roomPage = async () => {
    const response = await fetch(`${base}/activity/${ROOM}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(String(response.status));
    await response.text();
  };

  const section = "scale";
  const ratio = (a, b) => ratioOf(a, b, "p50");
  const live = {};
  const page = {};
  for (const size of sizes) {
    const t0 = performance.now();
    await fillTo(size);
    console.error(
      `  (placed bets up to ${size.toLocaleString("en")} in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    const label = `${size.toLocaleString("en")} bets in the round`;
    live[size] = await measure(`getVorder, ${label}`, { count: calls(100), concurrency: 5, section }, () =>
      must("/api/Game/getVorder", { token, roomid: ROOM, isfirst: 1 }),
    );
    page[size] = await measure(`room page (SSR), ${label}`, { count: calls(40), concurrency: 5, section }, roomPage);
  }
  const [least, most] = [sizes[0], sizes.at(-1)];
  report(
    section,
    "flat: bets in the round",
    `p50 at ${most.toLocaleString("en")} / at ${least} bets: getVorder ${ratio(live[most], live[least])}, room page ${ratio(page[most], page[least])}`,
  );

  // Bet records: page 500 reached by its cursor costs what page 1 costs; page 50 by number (OFFSET) for contrast.
  let after = null;
  for (let n = 2; n <= farPage; n++) {
    const data = await must("/api/Game/getGamelog2", { token, page: n - 1, ...(after ? { after } : {}) });
    after = data.next;
    if (!after) throw new Error(`the records ended before page ${farPage} (page ${n - 1})`);
  }
  const first = await measure("records page 1", { count: calls(100), concurrency: 5, section }, () =>
    must("/api/Game/getGamelog2", { token, page: 1 }),
  );
  const far = await measure(`records page ${farPage} (cursor)`, { count: calls(100), concurrency: 5, section }, () =>
    must("/api/Game/getGamelog2", { token, page: farPage, after }),
  );
  const offsetPage = smoke ? 2 : 50;
  const offset = await measure(
    `records page ${offsetPage} (by number, OFFSET)`,
    { count: calls(100), concurrency: 5, section },
    () => must("/api/Game/getGamelog2", { token, page: offsetPage }),
  );
  report(
    section,
    "flat: history depth",
    `p50 page ${farPage} by cursor / page 1 ${ratio(far, first)}; page ${offsetPage} by number / page 1 ${ratio(offset, first)}`,
  );

  // The room page against the lightest call and a signed-in one, same concurrency: its five in-process
  // API calls share one session lookup (docs/decisions/113).
  const config = await measure("getconfig", { count: calls(200), concurrency: 10, section }, () =>
    must("/api/Index/getconfig", {}),
  );
  const user = await measure("getuserinfo", { count: calls(200), concurrency: 10, section }, () =>
    must("/api/Game/getuserinfo", { token }),
  );
  const room = await measure(
    `room page (SSR), same concurrency`,
    { count: calls(150), concurrency: 10, section },
    roomPage,
  );
  report(section, "room page", `p50 / getconfig ${ratio(room, config)}, / getuserinfo ${ratio(room, user)}`);

  // 1,000 sockets opened 25 at a time and held, each until its first message (the round and the last
  // results): the time per connection of the first 100 against the last 100 shows whether it grows.
  const sockets = [];
  const socketUrl = `${base.replace(/^http/, "ws")}/ws/room/${ROOM}`;
  const openOne = () =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(socketUrl);
      sockets.push(socket);
      const timer = setTimeout(() => reject(new Error("no first message")), 10_000);
      socket.addEventListener("message", () => (clearTimeout(timer), resolve()), { once: true });
      socket.addEventListener("error", () => (clearTimeout(timer), reject(new Error("socket error"))), { once: true });
    });
  const batches = [];
  const deadline = performance.now() + 120_000;
  for (let opened = 0; opened < socketCount && performance.now() < deadline; opened += 25) {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 25 }, openOne));
    batches.push(performance.now() - t0);
  }
  const perConnection = (list) => list.reduce((a, b) => a + b, 0) / (list.length * 25);
  const all = perConnection(batches);
  const [firstHundred, lastHundred] = [perConnection(batches.slice(0, 4)), perConnection(batches.slice(-4))];
  report(
    section,
    `WebSocket open + first message, ${batches.length * 25} held`,
    `${all.toFixed(2)} ms per connection; first 100 ${firstHundred.toFixed(2)} ms, last 100 ${lastHundred.toFixed(2)} ms (last / first ${(lastHundred / firstHundred).toFixed(2)})`,
  );
  for (const socket of sockets) socket.close();
}
