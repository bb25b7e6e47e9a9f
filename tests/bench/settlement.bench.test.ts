import { env } from "cloudflare:workers";
import { it } from "vitest";
import { expectMoneyInvariants } from "../helpers";
import { currentRound, finishRound } from "../rooms-helpers";
import { insertBulkBets } from "../bulk-bets";
import { getDb } from "../../worker/db/client";
import { settlementStatements } from "../../worker/db/rounds";

// Settlement at 100, 1,000 and 10,000 bets in the real runtime (workerd, D1, the room's alarm): the time
// of the draw that settles the round and the statements of its one settlement batch. Run by
// `npm run bench` only (vitest.config.ts "bench" project); it prints figures, it asserts no speed.

const ROOM = 5; // Sky Racing: 40 options
const PER_ORDER = 5;

for (const bets of [100, 1_000, 10_000]) {
  it(`settles a round of ${bets} bets`, { timeout: 120_000 }, async () => {
    const round = await currentRound(ROOM);
    await insertBulkBets(ROOM, round.roundId, bets / PER_ORDER, PER_ORDER, `bench${bets}x`);
    const started = performance.now();
    await finishRound(ROOM);
    const ms = performance.now() - started;
    const shape = { roundId: 1, status: "settled" as const, voidReason: null, seedHex: null, draw: null, winMask: 0, refundMask: 0, vipThresholdsCents: [], reason: "", nowMs: 0 };
    const statements = settlementStatements(getDb(env), shape).length;
    const settled = await env.DB.prepare("SELECT COUNT(*) AS n FROM bets WHERE round_id = ? AND isaward <> -1").bind(round.roundId).first<{ n: number }>();
    console.log(`BENCH_ROW ${JSON.stringify({ section: "settlement", name: `${bets.toLocaleString("en")} bets`, figure: `${ms.toFixed(0)} ms, ${statements} statements in 1 batch (${settled!.n} bets settled)` })}`);
    await expectMoneyInvariants();
  });
}
