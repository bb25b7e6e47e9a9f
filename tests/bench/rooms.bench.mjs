// Bet intake through a room: each order is checked by the RoomDO and written with its debit in one D1 batch.
import { contract, fund, roundWithTimeLeft } from "./support.mjs";

const ROOM = 1;
const ORDERS = 300;
const AMOUNT = 20;

export default async function ({ base, measure, ratio, report, log, smoke }) {
  const orderCount = smoke ? 6 : ORDERS;
  const post = contract(base);
  const { token } = (await post("/api/Index/login", { username: "demo01", password: "demo1234" })).data;
  await fund(post, log, token, orderCount * AMOUNT);
  // A round with enough betting time left for the whole run (throws when none opens).
  const info = await roundWithTimeLeft(post, token, ROOM, 45);
  const gameid = info.game.id;
  const option = info.options[0];

  const view = await measure("getGameinfo (room RPC + D1)", { count: smoke ? 6 : 200, concurrency: 10 }, async () => {
    const answer = await post("/api/Game/getGameinfo", { token, roomid: ROOM });
    if (answer.code !== 1) throw new Error(answer.info);
  });
  let placed = 0;
  const orders = await measure(
    `order (1 option x ${AMOUNT}.00 at ${option.odds}, room ${ROOM})`,
    { count: orderCount, concurrency: 10, maxSeconds: 40 },
    async () => {
      const answer = await post("/api/Game/order", {
        token,
        gameid,
        roomid: ROOM,
        order_info: [[0, option.odds, AMOUNT]],
      });
      if (answer.code !== 1) throw new Error(answer.info);
      placed++;
    },
  );
  // The live list as it is now: the bets this run placed, and any other bets of the round.
  const inRound = (await post("/api/Game/getVorder", { token, roomid: ROOM, isfirst: 1 })).data?.list?.length ?? 0;
  const live = await measure(
    `getVorder (${inRound} bets in its answer, ${placed} placed by this run)`,
    { count: smoke ? 4 : 100, concurrency: 5 },
    async () => {
      const answer = await post("/api/Game/getVorder", { token, roomid: ROOM, isfirst: 1 });
      if (answer.code !== 1) throw new Error(answer.info);
    },
  );
  report(
    "http",
    "ratios (p50)",
    `order/getGameinfo ${ratio(orders, view, "p50")}, getVorder/getGameinfo ${ratio(live, view, "p50")}`,
  );
}
