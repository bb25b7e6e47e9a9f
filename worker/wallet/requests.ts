import type { WalletDb } from "../db/client";
import { and, eq, gte, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import { cardColumns } from "./bank-card-queries";
import type { RequestStatus } from "#shared/answers/wallet";
import { startsWithSql } from "../db/like";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { bankCards, depositRequests, users, withdrawalRequests } from "../db/schema";
import { adjustedRecentlySql, approvedDepositRecentlySql } from "./solo-adjustments";

// Deposit and withdrawal requests: the player's own lists, the operator's queue, and lookups.

/**
 * oldestFirst: the operator's queue of pending requests is worked from the oldest. The console's
 * history narrows by status ("decided" = approved or rejected), player (username prefix, any case),
 * request time [fromMs, toMs) and amount [minCents, maxCents] (docs/decisions/140).
 */
export type ListQuery = {
  /** one request, by its id (the console's search by reference) */
  id?: number;
  userId?: number;
  status?: RequestStatus | "decided";
  username?: string;
  fromMs?: number;
  toMs?: number;
  minCents?: number;
  maxCents?: number;
  at: PageAt;
  oldestFirst?: boolean;
  /** the operator reading the queue: each row says which rule keeps them from approving it, if one does */
  viewer?: { id: number; nowMs: number };
};

/**
 * A request's place in its list: its time, then its id (keyset paging, docs/decisions/112). The console's lists
 * merge every wallet shard, whose ids are ranges of their own: time keeps them first come, first served
 * (docs/decisions/163-merged-lists-follow-time.md). Read through *_time (created_at_ms, id), a player's through
 * *_user (user_id, created_at_ms) and a status through *_status (status, created_at_ms).
 */
export const requestListKey = (row: { createdAtMs: number; id: number }) => [row.createdAtMs, row.id];
export const REQUEST_KEY_WIDTH = 2;

const listOrder = (table: typeof depositRequests | typeof withdrawalRequests) => [table.createdAtMs, table.id];

/**
 * The catalogue code of the rule that keeps the viewer from approving a row (shown on the card before
 * they meet it, docs/decisions/061-four-eyes-on-money.md), or null: their own account (1123), a deposit
 * they gave the first approval (1232), a withdrawal of a player they adjusted (1171) or whose deposit
 * they approved (1231) in the last 24 hours. The approval itself checks each again in its batch.
 */
function refusalFor(kind: "deposit" | "withdrawal", viewer: ListQuery["viewer"]) {
  if (!viewer) return sql<number | null>`NULL`;
  if (kind === "deposit")
    return sql<number | null>`CASE WHEN ${depositRequests.userId} = ${viewer.id} THEN 1123
      WHEN ${depositRequests.firstApprovedBy} = ${viewer.id} THEN 1232 ELSE NULL END`;
  const player = sql`${withdrawalRequests.userId}`;
  return sql<number | null>`CASE WHEN ${withdrawalRequests.userId} = ${viewer.id} THEN 1123
    WHEN ${adjustedRecentlySql(viewer.id, player, viewer.nowMs)} THEN 1171
    WHEN ${approvedDepositRecentlySql(viewer.id, player, viewer.nowMs)} THEN 1231 ELSE NULL END`;
}

function filters(table: typeof depositRequests | typeof withdrawalRequests, q: ListQuery) {
  const where: SQL[] = [];
  if (q.id !== undefined) where.push(eq(table.id, q.id));
  if (q.userId !== undefined) where.push(eq(table.userId, q.userId));
  if (q.status === "decided") where.push(ne(table.status, "pending"));
  else if (q.status !== undefined) where.push(eq(table.status, q.status));
  if (q.username) where.push(startsWithSql(users.username, q.username));
  if (q.fromMs !== undefined) where.push(gte(table.createdAtMs, q.fromMs));
  if (q.toMs !== undefined) where.push(lt(table.createdAtMs, q.toMs));
  if (q.minCents !== undefined) where.push(gte(table.amountCents, q.minCents));
  if (q.maxCents !== undefined) where.push(lte(table.amountCents, q.maxCents));
  const keyset = keysetWhere(listOrder(table), q.at, q.oldestFirst ? "asc" : "desc");
  if (keyset) where.push(keyset);
  return where.length ? and(...where) : undefined;
}

const depositColumns = {
  id: depositRequests.id,
  userId: depositRequests.userId,
  amountCents: depositRequests.amountCents,
  payName: depositRequests.payName,
  payeeName: depositRequests.payeeName,
  payeeAccount: depositRequests.payeeAccount,
  transferRef: depositRequests.transferRef,
  firstApprovedBy: depositRequests.firstApprovedBy,
  status: depositRequests.status,
  createdAtMs: depositRequests.createdAtMs,
  decidedAtMs: depositRequests.decidedAtMs,
  note: depositRequests.note,
};

const withdrawalColumns = {
  id: withdrawalRequests.id,
  userId: withdrawalRequests.userId,
  amountCents: withdrawalRequests.amountCents,
  status: withdrawalRequests.status,
  createdAtMs: withdrawalRequests.createdAtMs,
  decidedAtMs: withdrawalRequests.decidedAtMs,
  note: withdrawalRequests.note,
  payoutRef: withdrawalRequests.payoutRef,
  coinQuote: withdrawalRequests.coinQuote,
};

export function listDeposits(db: WalletDb, q: ListQuery) {
  return db
    .select({
      ...depositColumns,
      username: users.username,
      balanceCents: users.moneyCents,
      decidedById: depositRequests.decidedBy,
      refusedBecause: refusalFor("deposit", q.viewer),
    })
    .from(depositRequests)
    .innerJoin(users, eq(users.id, depositRequests.userId))
    .where(filters(depositRequests, q))
    .orderBy(...keysetOrder(listOrder(depositRequests), q.at, q.oldestFirst ? "asc" : "desc"))
    .limit(keysetLimit(q.at).limit)
    .offset(keysetLimit(q.at).offset);
}

export type DepositRecord = Awaited<ReturnType<typeof listDeposits>>[number];

export async function findDeposit(db: WalletDb, where: { id: number } | { idempotencyKey: string }) {
  const [row] = await db
    .select({ ...depositColumns, idempotencyKey: depositRequests.idempotencyKey })
    .from(depositRequests)
    .where("id" in where ? eq(depositRequests.id, where.id) : eq(depositRequests.idempotencyKey, where.idempotencyKey))
    .limit(1);
  return row;
}

export function listWithdrawals(db: WalletDb, q: ListQuery) {
  return db
    .select({
      ...withdrawalColumns,
      username: users.username,
      balanceCents: users.moneyCents,
      decidedById: withdrawalRequests.decidedBy,
      card: cardColumns,
      refusedBecause: refusalFor("withdrawal", q.viewer),
    })
    .from(withdrawalRequests)
    .innerJoin(users, eq(users.id, withdrawalRequests.userId))
    .innerJoin(bankCards, eq(bankCards.id, withdrawalRequests.bankCardId))
    .where(filters(withdrawalRequests, q))
    .orderBy(...keysetOrder(listOrder(withdrawalRequests), q.at, q.oldestFirst ? "asc" : "desc"))
    .limit(keysetLimit(q.at).limit)
    .offset(keysetLimit(q.at).offset);
}

export type WithdrawalRecord = Awaited<ReturnType<typeof listWithdrawals>>[number];

export async function findWithdrawal(db: WalletDb, where: { id: number } | { idempotencyKey: string }) {
  const [row] = await db
    .select({
      id: withdrawalRequests.id,
      userId: withdrawalRequests.userId,
      amountCents: withdrawalRequests.amountCents,
      bankCardId: withdrawalRequests.bankCardId,
      status: withdrawalRequests.status,
      idempotencyKey: withdrawalRequests.idempotencyKey,
    })
    .from(withdrawalRequests)
    .where(
      "id" in where ? eq(withdrawalRequests.id, where.id) : eq(withdrawalRequests.idempotencyKey, where.idempotencyKey),
    )
    .limit(1);
  return row;
}

/** What counts against the daily cap: the player's requests of the day that were not rejected (refunded). */
function withdrawnInWindowSql(userId: number, fromMs: number, toMs: number) {
  return sql`(SELECT COALESCE(SUM(amount_cents), 0) FROM ${withdrawalRequests}
    WHERE user_id = ${userId} AND status <> 'rejected' AND created_at_ms >= ${fromMs} AND created_at_ms < ${toMs})`;
}

export async function withdrawnInWindow(db: WalletDb, userId: number, fromMs: number, toMs: number): Promise<number> {
  const row = await db.get<{ total: number }>(sql`SELECT ${withdrawnInWindowSql(userId, fromMs, toMs)} AS total`);
  return Number(row?.total ?? 0);
}

/** Money a player has asked to withdraw that is held and not yet paid out or refused (pending requests). */
export async function pendingWithdrawalCents(db: WalletDb, userId: number): Promise<number> {
  const row = await db
    .select({ total: sql<number>`COALESCE(SUM(${withdrawalRequests.amountCents}), 0)` })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.userId, userId), eq(withdrawalRequests.status, "pending")))
    .get();
  return Number(row?.total ?? 0);
}

export type NewWithdrawal = {
  userId: number;
  bankCardId: number;
  amountCents: number;
  idempotencyKey: string;
  nowMs: number;
  capCents: number;
  day: { fromMs: number; toMs: number };
  /** the coins a coin withdrawal pays (shared/payouts.ts CoinAmount as JSON), "" otherwise */
  coinQuote: string;
};

/**
 * The request row of a withdrawal, for the batch that also holds the money. The daily cap is decided
 * inside the statement: over the cap the amount becomes 0, which breaks withdrawal_amount_positive and
 * aborts the whole batch, so concurrent requests cannot pass the cap together (the caller then
 * recounts the day with withdrawnInWindow).
 */
export function insertWithdrawalStatement(db: WalletDb, w: NewWithdrawal) {
  const used = withdrawnInWindowSql(w.userId, w.day.fromMs, w.day.toMs);
  return db.run(sql`INSERT INTO ${withdrawalRequests} (user_id, amount_cents, status, idempotency_key, created_at_ms, bank_card_id, coin_quote)
    VALUES (${w.userId}, CASE WHEN ${used} + ${w.amountCents} <= ${w.capCents} THEN ${w.amountCents} ELSE 0 END,
      'pending', ${w.idempotencyKey}, ${w.nowMs}, ${w.bankCardId}, ${w.coinQuote})`);
}

export type Decision = {
  id: number;
  status: "approved" | "rejected";
  operatorId: number;
  note: string;
  nowMs: number;
  /** a withdrawal's payout reference, kept with it ("" for none and for deposits) */
  payoutRef?: string;
};

/**
 * Moves a pending request to its decision, for the batch that also moves the money. A request that is
 * no longer pending, or whose decision `allowed` forbids at that moment, gets amount 0, which breaks the
 * positive-amount CHECK and aborts the whole batch: a second approval, or a reject racing an approve,
 * cannot credit or refund twice (requestDecided).
 */
export function decideStatement(db: WalletDb, kind: "deposit" | "withdrawal", d: Decision, allowed: SQL = sql`1`) {
  const table = kind === "deposit" ? depositRequests : withdrawalRequests;
  return db.run(sql`UPDATE ${table} SET status = ${d.status}, decided_at_ms = ${d.nowMs}, decided_by = ${d.operatorId},
    note = ${d.note}, ${
      kind === "withdrawal" ? sql`payout_ref = ${d.payoutRef ?? ""},` : sql``
    } amount_cents = CASE WHEN status = 'pending' AND ${allowed} THEN amount_cents ELSE 0 END WHERE id = ${d.id}`);
}

/** Whether a request has left pending: read after a refused decision batch, never from the error's wording. */
export async function requestDecided(db: WalletDb, kind: "deposit" | "withdrawal", id: number): Promise<boolean> {
  const request = kind === "deposit" ? await findDeposit(db, { id }) : await findWithdrawal(db, { id });
  return !request || request.status !== "pending";
}

export type NewDeposit = {
  userId: number;
  amountCents: number;
  payName: string;
  payeeName: string;
  payeeAccount: string;
  transferRef: string;
  idempotencyKey: string;
  nowMs: number;
};

/**
 * Writes the request unless its key exists, and only while `allowed` holds (the player's protection,
 * decided inside this one statement); answers the request that holds the key, none when refused.
 */
export async function insertDepositOnce(db: WalletDb, d: NewDeposit, allowed: SQL) {
  await db.run(sql`INSERT INTO ${depositRequests} (user_id, amount_cents, pay_name, payee_name, payee_account, transfer_ref, idempotency_key, created_at_ms)
    SELECT ${d.userId}, ${d.amountCents}, ${d.payName}, ${d.payeeName}, ${d.payeeAccount}, ${d.transferRef}, ${d.idempotencyKey}, ${d.nowMs} WHERE ${allowed}
    ON CONFLICT (idempotency_key) DO NOTHING`);
  return findDeposit(db, { idempotencyKey: d.idempotencyKey });
}
