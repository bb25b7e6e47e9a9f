import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { walletHandle } from "../worker/db/client";
import { runInOneBatch } from "../worker/db/batch";
import { balanceChangeStatements } from "../worker/ledger/ledger";
import { ledgerReasons } from "../worker/ledger/reasons";
import {
  type Settlement,
  roundAnsweredStatements,
  roundResultStatement,
  settlementStatements,
} from "../worker/room/rounds";
import { DAY_MS, dayStartMs } from "#shared/days";
import { playerD1 } from "./shard-helpers";
import { rounds, orders, bets, financeOrders } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Rows of a player's money written at past moments, as the wallet, the room and the lock-ups write them, in the
// player's wallet shard (docs/decisions/161): what the books per day tests close days over.

const ROOM = 3;
let written = 0;
/** A unique suffix for keys and seqnos (each test file has storage of its own). */
const next = () => String(++written);

const today = dayStartMs(Date.now());
/** A moment `daysAgo` player days (UTC+8) before today, at a time of that day. */
export const at = (daysAgo: number, hour: number, minute = 0) =>
  today - daysAgo * DAY_MS + (hour * 60 + minute) * 60_000;

type PastRow = { amountCents: number; type: string; idempotencyKey: string; ref?: string; counterparty?: "stakes" };

/** One change of a player's balance at a past moment, with its other side, as the wallet writes it. */
async function writeAt(userId: number, atMs: number, row: PastRow) {
  const db = walletHandle(await playerD1(userId));
  await runInOneBatch(
    db,
    balanceChangeStatements(db, { userId, reason: ledgerReasons.adjustment("correction"), nowMs: atMs, ...row }),
  );
}

/** A movement with the house at a past moment, as the wallet writes it. */
export async function moveAt(userId: number, cents: number, atMs: number, type = "topup") {
  await writeAt(userId, atMs, { amountCents: cents, type, idempotencyKey: `books-days:${next()}` });
}

/** A one-bet order in a round of its own, placed at a past moment: the stake goes into play. */
export async function betAt(userId: number, stakeCents: number, atMs: number) {
  const id = next();
  const round = await env.DB.prepare(
    `INSERT INTO ${quotedTable(rounds)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status) VALUES (?, ?, 1, ?, ?, ?, ?, 'open') RETURNING id`,
  )
    .bind(ROOM, 900_000 + written, atMs - 60_000, atMs + 60_000, atMs + 120_000, "0".repeat(64))
    .first<{ id: number }>();
  const ordersn = `booksdays${id}`;
  const d1 = await playerD1(userId);
  const order = await d1
    .prepare(
      `INSERT INTO ${quotedTable(orders)} (ordersn, user_id, room_id, round_id, total_cents, status, created_at_ms) VALUES (?, ?, ?, ?, ?, 'placed', ?) RETURNING id`,
    )
    .bind(ordersn, userId, ROOM, round!.id, stakeCents, atMs)
    .first<{ id: number }>();
  await d1
    .prepare(
      `INSERT INTO ${quotedTable(bets)} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, created_at_ms) VALUES (?, ?, ?, 0, 1980, ?, ?)`,
    )
    .bind(order!.id, userId, round!.id, stakeCents, atMs)
    .run();
  await writeAt(userId, atMs, {
    amountCents: -stakeCents,
    type: "bet",
    ref: ordersn,
    idempotencyKey: `bet:${ordersn}`,
    counterparty: "stakes",
  });
  return round!.id;
}

/** The round drawn at a past moment in one shard, option 0 winning: the room's own settlement batches. */
export async function settleAt(roundId: number, atMs: number, shard: number, shardD1: D1Database) {
  const control = databasesOf(env).control;
  const settlement = {
    roundId,
    status: "settled",
    voidReason: null,
    seedHex: "1".repeat(64),
    draw: { numbers: [1, 2, 3], num1: 1, num2: 2, num3: 3, sum: 6 },
    winMask: 1,
    refundMask: 0,
    vipThresholdsCents: [0],
    reason: ledgerReasons.adjustment("correction"),
    nowMs: atMs,
  } satisfies Settlement;
  // as the room does it: the result in the control database, the shard's batch, then the shard's answer
  const db = walletHandle(shardD1);
  await runInOneBatch(control, [roundResultStatement(control, settlement)]);
  await runInOneBatch(db, [...settlementStatements(db, settlement, shard)]);
  await runInOneBatch(control, [...roundAnsweredStatements(control, { roundId, shards: [shard], nowMs: atMs }, shard)]);
}

/** A lock-up opened at a past moment for `days` days: the order and its "stake" row (the house holds the money). */
export async function lockAt(userId: number, cents: number, atMs: number, days = 90) {
  const key = `books-days-lock:${next()}`;
  const d1 = await playerD1(userId);
  await d1
    .prepare(
      `INSERT INTO ${quotedTable(financeOrders)} (user_id, product_id, amount_cents, daily_rate_ppm, days, start_at_ms, end_at_ms, accrued_days, status, idempotency_key) VALUES (?, 1, ?, 1000, ?, ?, ?, 0, 'active', ?)`,
    )
    .bind(userId, cents, days, atMs, atMs + days * DAY_MS, key)
    .run();
  await writeAt(userId, atMs, { amountCents: -cents, type: "stake", idempotencyKey: `stake:${key}` });
}
