// Bet intake through a room: each order is checked by the RoomDO and written with its debit in one D1 batch.
export default async function ({ base, measure, report }) {
  const post = async (path, body) => {
    const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return response.json();
  };
  const { data } = await post("/api/Index/login", { username: "demo01", password: "demo1234" });
  const token = data.token;
  const ROOM = 1;

  // Wait for a round with enough betting time left for the whole run.
  let info;
  for (let tries = 0; tries < 120; tries++) {
    info = await post("/api/Game/getGameinfo", { token, roomid: ROOM });
    const left = (info.data.game.closeAt - Date.now()) / 1000;
    if (info.code === 1 && left > 45) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const gameid = info.data.game.id;
  const odds = info.data.options[0].odds;

  const view = await measure("getGameinfo (room RPC + D1)", { count: 200, concurrency: 10 }, async () => {
    const answer = await post("/api/Game/getGameinfo", { token, roomid: ROOM });
    if (answer.code !== 1) throw new Error(answer.info);
  });
  const orders = await measure("order (1 option x 20)", { count: 300, concurrency: 10, maxSeconds: 40 }, async () => {
    const answer = await post("/api/Game/order", { token, gameid, roomid: ROOM, order_info: [[0, odds, 20]] });
    if (answer.code !== 1) throw new Error(answer.info);
  });
  const live = await measure("getVorder (300 live bets)", { count: 100, concurrency: 5 }, async () => {
    const answer = await post("/api/Game/getVorder", { token, roomid: ROOM, isfirst: 1 });
    if (answer.code !== 1) throw new Error(answer.info);
  });
  report("http", "ratios (p50)", `order/getGameinfo ${(orders.p50 / view.p50).toFixed(2)}, getVorder/getGameinfo ${(live.p50 / view.p50).toFixed(2)}`);
}
