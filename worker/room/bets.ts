import type { WalletDb } from "../db/client";
import { eq, sql } from "drizzle-orm";
import { balanceChangeStatements } from "../ledger/ledger";
import type { LedgerReason } from "../ledger/reasons";
import { protectionAllowsSql } from "../protection/queries";
import { type RefusalDetails, explainRefusal } from "../protection/refusal";
import { sessionLiveSql } from "../accounts/sessions";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import type { LiveBetRow } from "./round-view";
import type { RoundFacts } from "./rounds";
import { users, orders, bets as betsTable } from "../db/schema";

export type BetLine = { optionIndex: number; oddsMilli: number; stakeCents: number };

export type PlacedBet = { id: number; orderId: number; optionIndex: number; oddsMilli: number; stakeCents: number };

export type NewOrder = {
  orderNumber: string;
  userId: number;
  /** the session the order came with: it must still sign the player in, checked inside the batch */
  sessionId: number;
  roomId: number;
  roundId: number;
  /** the round's least VIP level: checked against the player's level inside the batch */
  minLevel: number;
  lines: BetLine[];
  reason: LedgerReason;
  /** the client's request_id: a second order with it breaks orders_user_request and nothing is written */
  requestId: string | null;
  nowMs: number;
};

export const orderTotalCents = (lines: BetLine[]) => lines.reduce((total, line) => total + line.stakeCents, 0);

/**
 * An order, its bets and the stake's debit as ONE batch (runInOneBatch) (docs/architecture.md#the-room): if the balance cannot
 * cover it, users_money_non_negative breaks and nothing at all is written. The order row is inserted
 * only while the player's protection allows the stake (no exclusion, every loss and stake limit kept,
 * decided inside the batch, docs/product.md#player-protection); the bets and the debit follow the order row, so a refused
 * order writes nothing and its insert reports 0 changes (orderWasRefused).
 * The player's level and the session (still signed in, player not frozen) are decided there too
 * (whyOrderRefused says which refused), so an order needs no reads before its batch (docs/decisions/100 and
 * 116). The batch runs in the player's wallet shard and reads only its rows: whether the room trades is the
 * room object's own check before it (docs/decisions/161).
 * The stake's other side is the round's stakes in play: the house books it once per round at settlement.
 * Results: [order insert, bets (rows), 2 ledger statements, balance after].
 */
export function placeOrderStatements(db: WalletDb, order: NewOrder) {
  const total = orderTotalCents(order.lines);
  const allowed = sql`${protectionAllowsSql({ userId: order.userId, nowMs: order.nowMs, adds: { stake: total, loss: total } })}
    AND EXISTS (SELECT 1 FROM ${users} WHERE id = ${order.userId} AND level >= ${order.minLevel})
    AND ${sessionLiveSql(order.sessionId, order.userId, order.nowMs)}`;
  const placed = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ordersn = ${order.orderNumber})`;
  const rows = sql.join(
    order.lines.map((line) => sql`(${line.optionIndex}, ${line.oddsMilli}, ${line.stakeCents})`),
    sql`, `,
  );
  return [
    db.run(sql`INSERT INTO ${orders} (ordersn, user_id, room_id, round_id, total_cents, status, created_at_ms, request_id)
      SELECT ${order.orderNumber}, ${order.userId}, ${order.roomId}, ${order.roundId}, ${total}, 'placed', ${order.nowMs}, ${order.requestId}
      WHERE ${allowed}`),
    db.all<PlacedBet>(sql`INSERT INTO ${betsTable} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, created_at_ms)
      SELECT o.id, ${order.userId}, ${order.roundId}, v.column1, v.column2, v.column3, ${order.nowMs}
      FROM (VALUES ${rows}) AS v JOIN ${orders} o ON o.ordersn = ${order.orderNumber}
      RETURNING id, order_id AS orderId, option_index AS optionIndex, odds_milli AS oddsMilli, stake_cents AS stakeCents`),
    ...balanceChangeStatements(db, {
      userId: order.userId,
      amountCents: -total,
      type: "bet",
      reason: order.reason,
      ref: order.orderNumber,
      idempotencyKey: `bet:${order.orderNumber}`,
      nowMs: order.nowMs,
      onlyIf: placed,
      counterparty: "stakes",
    }),
  ] as const;
}

/** The batch's first result: the order insert wrote no row, so the room, the level or protection refused it. */
export const orderWasRefused = (results: D1Result[]) => results[0].meta.changes === 0;

/**
 * Why a refused order batch wrote nothing, read from the data in the player's shard: 1062 when the session no
 * longer signs in (or the player was frozen: the API looks again and says which), 2055 below the round's level,
 * else the protection rule that refused the stake (worker/protection/refusal.ts, kept for the markers of harm).
 */
export async function whyOrderRefused(
  db: WalletDb,
  order: { userId: number; sessionId: number; minLevel: number; lines: BetLine[]; nowMs: number },
): Promise<{ errCode: number; extra?: RefusalDetails }> {
  const row = await db.get<{ live: number; level: number | null }>(sql`SELECT
    ${sessionLiveSql(order.sessionId, order.userId, order.nowMs)} AS live,
    (SELECT level FROM ${users} WHERE id = ${order.userId}) AS level`);
  if (!row?.live) return { errCode: 1062 };
  if ((row.level ?? 0) < order.minLevel) return { errCode: 2055 };
  const total = orderTotalCents(order.lines);
  return explainRefusal(db, { userId: order.userId, nowMs: order.nowMs, adds: { stake: total, loss: total } });
}

/** The placed order a request_id already made, with the player's balance now (the retry's answer). */
export async function findOrderByRequest(db: WalletDb, userId: number, requestId: string) {
  return db.get<{
    id: number;
    orderNumber: string;
    moneyCents: number;
  }>(sql`SELECT o.id, o.ordersn AS orderNumber, u.money_cents AS moneyCents
    FROM ${orders} o JOIN ${users} u ON u.id = o.user_id WHERE o.user_id = ${userId} AND o.request_id = ${requestId}`);
}

/** The refund of a cancelled order: one per order, so a stake never comes back twice. */
export const cancelRefundKey = (orderId: number) => `cancel:${orderId}`;

export type OrderToCancel = {
  orderId: number;
  orderNumber: string;
  userId: number;
  totalCents: number;
  reason: LedgerReason;
  nowMs: number;
};

/**
 * Cancels an order and gives the stake back in one batch. The refund's key (cancel:<order>) makes a
 * second cancellation of the same order fail as a whole, so a stake can never come back twice. The
 * stake leaves the round's stakes in play (its bets turn cancelled), so the house is not touched.
 */
export function cancelOrderStatements(db: WalletDb, order: OrderToCancel) {
  return [
    db.run(sql`UPDATE ${orders} SET status = 'cancelled', cancelled_at_ms = ${order.nowMs}
      WHERE id = ${order.orderId} AND user_id = ${order.userId} AND status = 'placed'`),
    db.run(sql`UPDATE ${betsTable} SET isaward = 3 WHERE order_id = ${order.orderId} AND isaward = -1`),
    ...balanceChangeStatements(db, {
      userId: order.userId,
      amountCents: order.totalCents,
      type: "redo",
      reason: order.reason,
      ref: order.orderNumber,
      idempotencyKey: cancelRefundKey(order.orderId),
      nowMs: order.nowMs,
      counterparty: "stakes",
    }),
  ] as const;
}

export type StoredOrder = {
  id: number;
  orderNumber: string;
  userId: number;
  roomId: number;
  roundId: number;
  totalCents: number;
  status: string;
};

export async function findOrder(db: WalletDb, orderId: number): Promise<StoredOrder | undefined> {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      roomId: orders.roomId,
      roundId: orders.roundId,
      totalCents: orders.totalCents,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
}

const LIVE_BETS_LIMIT = 200;

/** A live bet's place in the room's table: the bets of every shard in one order, by time then id. */
export type LiveBetCursor = { atMs: number; id: number };

/**
 * Bets of a round still standing in ONE wallet shard (cancelled ones disappear), after a cursor, the newest
 * LIVE_BETS_LIMIT oldest first (read newest first through bets_round_newest: a shard's ids grow with its
 * writes); the caller merges the shards (mergeLiveBets).
 */
export async function liveBets(
  db: WalletDb,
  round: { id: number; seqno: number },
  after: LiveBetCursor | null,
): Promise<(LiveBetRow & { userId: number; createdAtMs: number })[]> {
  const cursor = after ? sql`AND (b.created_at_ms, b.id) > (${after.atMs}, ${after.id})` : sql``;
  const rows = await db.all<
    LiveBetRow & { userId: number; createdAtMs: number }
  >(sql`SELECT b.id, b.order_id AS orderId, b.option_index AS optionIndex,
      b.odds_milli AS oddsMilli, b.stake_cents AS stakeCents, ${round.seqno} AS seqno, u.username, b.user_id AS userId,
      b.created_at_ms AS createdAtMs
    FROM ${betsTable} b JOIN ${users} u ON u.id = b.user_id
    WHERE b.round_id = ${round.id} AND b.isaward <> 3 ${cursor}
    ORDER BY b.id DESC LIMIT ${LIVE_BETS_LIMIT}`);
  return rows.reverse();
}

/** The shards' live bets as one table: by time then id, the newest LIVE_BETS_LIMIT, oldest first. */
export function mergeLiveBets<T extends { id: number; createdAtMs: number }>(perShard: T[][]): T[] {
  return perShard
    .flat()
    .sort((a, b) => a.createdAtMs - b.createdAtMs || a.id - b.id)
    .slice(-LIVE_BETS_LIMIT);
}

/** Where a live table's cursor (a bet id) stands: its time, read in the shard that wrote it. */
export async function liveBetCursor(db: WalletDb, betId: number): Promise<LiveBetCursor | null> {
  const row = await db.select({ atMs: betsTable.createdAtMs }).from(betsTable).where(eq(betsTable.id, betId)).get();
  return row ? { atMs: row.atMs, id: betId } : null;
}

export const RECORDS_PAGE_SIZE = 20;

/** A player's bet as their shard holds it; the round's and room's side comes from the control database. */
export type BetRow = {
  id: number;
  roundId: number;
  state: number;
  orderNumber: string;
  roomId: number;
  optionIndex: number;
  stakeCents: number;
  oddsMilli: number;
  awardCents: number;
  createdAtMs: number;
};

/** A bet with what its record shows of its round and room (the control database's, worker/room/rounds.ts). */
export type BetRecordRow = BetRow & Omit<RoundFacts, "roundId">;

/** A shard's bets joined in code with their rounds' and rooms' facts; a bet whose round is unknown is left out. */
export function withRoundFacts(bets: BetRow[], facts: Map<number, RoundFacts>): BetRecordRow[] {
  return bets.flatMap((bet) => {
    const round = facts.get(bet.roundId);
    return round ? [{ ...bet, ...round }] : [];
  });
}

const recordKeys = [sql.raw("b.created_at_ms"), sql.raw("b.id")];
/** A bet record's place in the list (keyset paging, docs/decisions/112). */
export const betRecordKey = (row: BetRow) => [row.createdAtMs, row.id];
export const BET_RECORD_KEY_WIDTH = 2;

/**
 * A player's bets in their shard, newest first; `state` null means every state. Read through bets_user or
 * bets_user_state from the cursor on, so a far page costs what the first costs. Their rounds and rooms are
 * joined in code (worker/room/rounds.ts roundFacts), from the control database (docs/decisions/161).
 */
export async function betRecords(db: WalletDb, userId: number, state: number | null, at: PageAt): Promise<BetRow[]> {
  const filter = state === null ? sql`` : sql`AND b.isaward = ${state}`;
  const keyset = keysetWhere(recordKeys, at, "desc");
  const { limit, offset } = keysetLimit(at);
  return db.all<BetRow>(sql`SELECT b.id, b.round_id AS roundId, b.isaward AS state, o.ordersn AS orderNumber, o.room_id AS roomId,
      b.option_index AS optionIndex, b.stake_cents AS stakeCents, b.odds_milli AS oddsMilli, b.award_cents AS awardCents,
      b.created_at_ms AS createdAtMs
    FROM ${betsTable} b JOIN ${orders} o ON o.id = b.order_id
    WHERE b.user_id = ${userId} ${filter} ${keyset ? sql`AND ${keyset}` : sql``}
    ORDER BY ${sql.join(keysetOrder(recordKeys, at, "desc"), sql`, `)} LIMIT ${limit} OFFSET ${offset}`);
}

/**
 * The totals of a bet records tab (all, or one outcome): how many bets, what they staked (cancelled
 * bets gave it back), what came back (awards and refunds), and the result of those played out or
 * refunded (returned minus staked; a bet awaiting its draw has no result yet).
 */
export async function betRecordTotals(db: WalletDb, userId: number, state: number | null) {
  const filter = state === null ? sql`` : sql`AND isaward = ${state}`;
  const row = await db.get<{ bets: number; stakedCents: number; returnedCents: number; resultCents: number }>(sql`SELECT
      COUNT(*) AS bets,
      COALESCE(SUM(CASE WHEN isaward <> 3 THEN stake_cents ELSE 0 END), 0) AS stakedCents,
      COALESCE(SUM(CASE WHEN isaward IN (1, 2) THEN award_cents ELSE 0 END), 0) AS returnedCents,
      COALESCE(SUM(CASE WHEN isaward IN (0, 1, 2) THEN award_cents - stake_cents ELSE 0 END), 0) AS resultCents
    FROM ${betsTable} WHERE user_id = ${userId} ${filter}`);
  return row ?? { bets: 0, stakedCents: 0, returnedCents: 0, resultCents: 0 };
}

/**
 * A player's results over a time window (bets placed in it): net = awards - stakes of the bets
 * played out (won or lost; a refund nets to zero), turnover = stakes of every bet still standing.
 */
export async function winLossBetween(db: WalletDb, userId: number, fromMs: number, toMs: number) {
  const row = await db.get<{ netCents: number; turnoverCents: number }>(sql`SELECT
      COALESCE(SUM(CASE WHEN isaward IN (0, 1) THEN award_cents - stake_cents ELSE 0 END), 0) AS netCents,
      COALESCE(SUM(CASE WHEN isaward IN (-1, 0, 1) THEN stake_cents ELSE 0 END), 0) AS turnoverCents
    FROM ${betsTable} WHERE user_id = ${userId} AND created_at_ms >= ${fromMs} AND created_at_ms < ${toMs}`);
  return row ?? { netCents: 0, turnoverCents: 0 };
}

/**
 * What one round paid a player (refunds are not winnings) and what the player staked on the bets it
 * played out (won or lost; refunded and cancelled bets cost nothing), so a payout is told against its cost.
 */
export async function roundPaidCents(db: WalletDb, userId: number, roundId: number) {
  const row = await db.get<{ awardCents: number; stakeCents: number }>(sql`SELECT
      COALESCE(SUM(CASE WHEN isaward = 1 THEN award_cents ELSE 0 END), 0) AS awardCents,
      COALESCE(SUM(CASE WHEN isaward IN (0, 1) THEN stake_cents ELSE 0 END), 0) AS stakeCents
    FROM ${betsTable} WHERE user_id = ${userId} AND round_id = ${roundId}`);
  return row ?? { awardCents: 0, stakeCents: 0 };
}
