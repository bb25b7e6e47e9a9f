// Bet intake against the lightest calls, same concurrency, same run (the target: orders at least 0.7x
// getconfig's throughput, docs/decisions/100). Each order is a real one: checked by the room, written with its
// debit in one D1 batch. 600 orders of 20.00 in 12 interleaved rounds (after 60 of each call to warm
// up), paid by a deposit the local operator approves.
import { contract, fund, roundWithTimeLeft } from "./support.mjs";

const CONCURRENCY = 10;
const COUNT = 600;
const ROUNDS = 12;
const SMOKE = { COUNT: 24, ROUNDS: 2, WARMUP: 4 };
/** Calls of each kind made first and not counted: the figures are of warm code, whatever ran before. */
const WARMUP = 60;

export default async function ({ base, measure, combine, ratio, report, log, smoke }) {
  const { COUNT: count, ROUNDS: rounds, WARMUP: warmup } = smoke ? SMOKE : { COUNT, ROUNDS, WARMUP };
  const post = contract(base);
  const { token } = (await post("/api/Index/login", { username: "demo01", password: "demo1234" })).data;
  await fund(post, log, token, (count + warmup) * 20);
  const room = 16;
  const info = await roundWithTimeLeft(post, token, room, 50);
  const gameid = info.game.id;
  const odds = info.options[0].odds;
  const ok = (answer) => {
    if (answer.code !== 1) throw new Error(answer.info);
  };
  const section = "intake";
  const calls = {
    getconfig: async () => ok(await post("/api/Index/getconfig", {})),
    getuserinfo: async () => ok(await post("/api/Game/getuserinfo", { token })),
    "order (1 option x 20.00)": async () =>
      ok(
        await post("/api/Game/order", {
          token,
          gameid,
          roomid: room,
          order_info: [[0, odds, 20]],
          request_id: crypto.randomUUID(),
        }),
      ),
  };
  for (const [name, task] of Object.entries(calls))
    await measure(name, { count: warmup, concurrency: CONCURRENCY, quiet: true }, task);
  // Interleaved in rounds, so a change of the machine's load during the run falls on all three alike.
  const parts = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, task] of Object.entries(calls)) {
      parts[name].push(
        await measure(name, { count: count / rounds, concurrency: CONCURRENCY, maxSeconds: 20, quiet: true }, task),
      );
    }
  }
  const [config, user, orders] = Object.keys(calls).map((name) =>
    combine(name, { concurrency: CONCURRENCY, section }, parts[name]),
  );
  report(
    section,
    "throughput ratios",
    `order/getconfig ${ratio(orders, config)} (target >= 0.70), order/getuserinfo ${ratio(orders, user)}, getuserinfo/getconfig ${ratio(user, config)}`,
  );
}
