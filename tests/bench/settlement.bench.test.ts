import { env } from "cloudflare:workers";
import { it } from "vitest";
import { count, expectMoneyInvariants } from "../helpers";
import { currentRound, finishRound } from "../rooms-helpers";
import { insertBulkBets } from "../bulk-bets";

// Settlement at 100, 1,000 and 10,000 bets in the real runtime (workerd, D1, the room's alarm): the time
// of the draw that settles the round and the statements of its one settlement batch. Run by
// `npm run bench` only (vitest.config.ts "bench" project); it prints figures, it asserts no speed.
// The statements are counted from the batch D1 ran, not from the code that builds it.

type Statement = { statement?: string };
type Batch = (this: D1Database, statements: Statement[]) => Promise<D1Result[]>;

/** The statement lists of the D1 batches run while `work` runs (the rooms share this isolate). */
async function batchesDuring(work: () => Promise<unknown>): Promise<Statement[][]> {
  const proto = Object.getPrototypeOf(env.DB) as { batch: Batch };
  const original = proto.batch;
  const seen: Statement[][] = [];
  proto.batch = function (statements) {
    seen.push([...statements]);
    return original.call(this, statements);
  };
  try {
    await work();
  } finally {
    proto.batch = original;
  }
  return seen;
}

const ROOM = 5; // Sky Racing: 40 options
const PER_ORDER = 5;

// BENCH_SMOKE (npm run bench -- smoke): one small round, to show the part works.
for (const bets of env.BENCH_SMOKE ? [10] : [100, 1_000, 10_000]) {
  it(`settles a round of ${bets} bets`, { timeout: 120_000 }, async () => {
    const round = await currentRound(ROOM);
    await insertBulkBets(ROOM, round.roundId, bets / PER_ORDER, PER_ORDER, `bench${bets}x`);
    let ms = 0;
    const batches = await batchesDuring(async () => {
      const started = performance.now();
      await finishRound(ROOM);
      ms = performance.now() - started;
    });
    // The settlement batch is the one that closes the round row (worker/room/rounds.ts settlementStatements).
    const settlement = batches.filter((batch) =>
      batch.some((s) => /UPDATE rounds SET[\s\S]*settled_at_ms/.test(s.statement ?? "")),
    );
    if (settlement.length !== 1)
      throw new Error(`expected one settlement batch, saw ${settlement.length} of ${batches.length} batches`);
    const statements = settlement[0].length;
    const settled = { n: await count("bets", "round_id = ? AND isaward <> -1", round.roundId) };
    console.log(
      `BENCH_ROW ${JSON.stringify({ section: "settlement", name: `${bets.toLocaleString("en")} bets`, figure: `${ms.toFixed(0)} ms, ${statements} statements in 1 batch (${settled!.n} bets settled)` })}`,
    );
    await expectMoneyInvariants();
  });
}
