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

type WithSession = (this: D1Database, constraint?: string) => D1DatabaseSession;

/**
 * The statement lists of the D1 batches run while `work` runs (the rooms share this isolate), on the database
 * and in its D1 sessions (the room writes a shard's settlement in a session of its own).
 */
async function batchesDuring(work: () => Promise<unknown>): Promise<Statement[][]> {
  const proto = Object.getPrototypeOf(env.DB) as { batch: Batch; withSession: WithSession };
  const original = proto.batch;
  const originalSession = proto.withSession;
  const seen: Statement[][] = [];
  proto.batch = function (statements) {
    seen.push([...statements]);
    return original.call(this, statements);
  };
  proto.withSession = function (constraint) {
    const session = originalSession.call(this, constraint);
    const batch = session.batch.bind(session);
    session.batch = (statements) => {
      seen.push([...(statements as Statement[])]);
      return batch(statements);
    };
    return session;
  };
  try {
    await work();
  } finally {
    proto.batch = original;
    proto.withSession = originalSession;
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
    // The settlement batch is the shard's, the one that marks the bets (worker/room/rounds.ts settlementStatements);
    // the control database's result and answer are batches of their own (worker/room/shard-settlement.ts).
    const settlement = batches.filter((batch) =>
      batch.some((s) => /UPDATE "?bets"? SET\s+isaward/.test(s.statement ?? "")),
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
