// Live updates: the time from sending a bet to its arrival on every socket of the room, with 100 and
// then 500 WebSocket clients on 127.0.0.1. Ten bets per size, one at a time; p50 and p99 over all arrivals.
import { contract, roundWithTimeLeft } from "./support.mjs";

const ROOM = 1;
const BETS = 10;

function openSockets(base, count) {
  const url = `${base.replace(/^http/, "ws")}/ws/room/${ROOM}`;
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(url);
          const timer = setTimeout(() => reject(new Error("socket did not open in 30 s")), 30_000);
          socket.addEventListener("message", function first() {
            socket.removeEventListener("message", first);
            clearTimeout(timer);
            resolve(socket); // the room's first message (the round in play): the socket is live
          });
          socket.addEventListener("error", () => reject(new Error("socket error")));
        }),
    ),
  );
}

/** Resolves with each socket's arrival time of the next "bet" message. */
const nextBet = (sockets) =>
  Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          const onMessage = (event) => {
            if (JSON.parse(event.data).type !== "bet") return;
            socket.removeEventListener("message", onMessage);
            resolve(performance.now());
          };
          socket.addEventListener("message", onMessage);
        }),
    ),
  );

export default async function ({ base, report, smoke }) {
  const post = contract(base);
  const { token } = (await post("/api/Index/login", { username: "demo01", password: "demo1234" })).data;
  for (const clients of smoke ? [5] : [100, 500]) {
    const sockets = await openSockets(base, clients);
    try {
      const info = await roundWithTimeLeft(post, token, ROOM, 30);
      const delays = [];
      for (let i = 0; i < (smoke ? 2 : BETS); i++) {
        const arrivals = nextBet(sockets);
        const sent = performance.now();
        const answer = await post("/api/Game/order", {
          token,
          gameid: info.game.id,
          roomid: ROOM,
          order_info: [[i % 4, info.options[i % 4].odds, 20]],
        });
        if (answer.code !== 1) throw new Error(answer.info);
        for (const at of await arrivals) delays.push(at - sent);
      }
      delays.sort((a, b) => a - b);
      const pct = (p) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))];
      report(
        "live",
        `bet to ${clients} sockets`,
        `p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms (${delays.length} arrivals)`,
      );
    } finally {
      for (const socket of sockets) socket.close();
    }
  }
}
