import type { ControlDb, WalletDb } from "../db/client";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { financeOrders, financeProducts, users } from "../db/schema";

// Finance tiers and lock-up orders (docs/product.md#finance): lookups, the order insert and the operator's tier edit.

const productColumns = {
  id: financeProducts.id,
  nameKey: financeProducts.nameKey,
  minCents: financeProducts.minCents,
  maxCents: financeProducts.maxCents,
  dailyRatePpm: financeProducts.dailyRatePpm,
  days: financeProducts.days,
};

export type ProductRecord = {
  id: number;
  nameKey: string;
  minCents: number;
  maxCents: number | null;
  dailyRatePpm: number;
  days: number;
};

export function listProducts(db: ControlDb): Promise<ProductRecord[]> {
  return db.select(productColumns).from(financeProducts).orderBy(asc(financeProducts.sort), asc(financeProducts.id));
}

export async function findProduct(db: ControlDb, id: number): Promise<ProductRecord | undefined> {
  const [row] = await db.select(productColumns).from(financeProducts).where(eq(financeProducts.id, id)).limit(1);
  return row;
}

export type TierChange = { id: number; minCents: number; maxCents: number | null; dailyRatePpm: number; days: number };

/** Only new orders see a change: every order keeps the rate and days it was opened with. */
export function updateProductStatement(db: ControlDb, change: TierChange) {
  const { id, ...values } = change;
  return db.update(financeProducts).set(values).where(eq(financeProducts.id, id));
}

export type NewOrder = {
  userId: number;
  productId: number;
  // the tier's name, copied like its rate and days: the lock-up is in the player's shard, the tier in the
  // control database (docs/decisions/161), so the player's list reads no tier
  nameKey: string;
  amountCents: number;
  dailyRatePpm: number;
  days: number;
  startAtMs: number;
  endAtMs: number;
  idempotencyKey: string;
};

/**
 * The order row, written only while `allowed` holds at that point of the batch (the player's protection,
 * docs/product.md#player-protection): a refused transfer-in inserts nothing (0 changes) and the debit that follows it,
 * guarded by orderExistsSql, moves nothing.
 */
export function insertOrderStatement(db: WalletDb, order: NewOrder, allowed: SQL) {
  return db.run(sql`INSERT INTO ${financeOrders} (user_id, product_id, name_key, amount_cents, daily_rate_ppm, days, start_at_ms, end_at_ms,
      accrued_days, status, idempotency_key)
    SELECT ${order.userId}, ${order.productId}, ${order.nameKey}, ${order.amountCents}, ${order.dailyRatePpm}, ${order.days}, ${order.startAtMs},
      ${order.endAtMs}, 0, 'active', ${order.idempotencyKey} WHERE ${allowed}`);
}

export const orderExistsSql = (idempotencyKey: string) =>
  sql`EXISTS (SELECT 1 FROM ${financeOrders} WHERE idempotency_key = ${idempotencyKey})`;

const orderColumns = {
  id: financeOrders.id,
  userId: financeOrders.userId,
  productId: financeOrders.productId,
  nameKey: financeOrders.nameKey,
  amountCents: financeOrders.amountCents,
  dailyRatePpm: financeOrders.dailyRatePpm,
  days: financeOrders.days,
  startAtMs: financeOrders.startAtMs,
  endAtMs: financeOrders.endAtMs,
  accruedDays: financeOrders.accruedDays,
  status: financeOrders.status,
};

export type OrderRecord = {
  id: number;
  userId: number;
  productId: number;
  nameKey: string;
  amountCents: number;
  dailyRatePpm: number;
  days: number;
  startAtMs: number;
  endAtMs: number;
  accruedDays: number;
  status: string;
};

export async function findOrderByKey(db: WalletDb, idempotencyKey: string): Promise<OrderRecord | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(financeOrders)
    .where(eq(financeOrders.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

export type OrderQuery = { userId?: number; status?: "active" | "matured"; at: PageAt };

/**
 * An order's place in its list: when it started, then its id (keyset paging, docs/decisions/112). The console's
 * list merges every wallet shard, whose ids are ranges of their own (docs/decisions/163-merged-lists-follow-time.md);
 * read through finance_orders_time, a player's through finance_orders_user (user_id, start_at_ms).
 */
export const financeOrderKey = (row: { startAtMs: number; id: number }) => [row.startAtMs, row.id];
export const FINANCE_ORDER_KEY_WIDTH = 2;

const ORDER_LIST = [financeOrders.startAtMs, financeOrders.id];

/** Newest first; the operator's list also names the player. */
export function listOrders(db: WalletDb, q: OrderQuery) {
  const where: SQL[] = [];
  if (q.userId !== undefined) where.push(eq(financeOrders.userId, q.userId));
  if (q.status !== undefined) where.push(eq(financeOrders.status, q.status));
  const keyset = keysetWhere(ORDER_LIST, q.at, "desc");
  if (keyset) where.push(keyset);
  return db
    .select({ ...orderColumns, username: users.username })
    .from(financeOrders)
    .innerJoin(users, eq(users.id, financeOrders.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...keysetOrder(ORDER_LIST, q.at, "desc"))
    .limit(keysetLimit(q.at).limit)
    .offset(keysetLimit(q.at).offset);
}

export type LockedFunds = {
  lockedCents: number;
  orders: number;
  nextMaturityMs: number | null;
  nextMaturityCents: number;
};

/** What a player has locked in running orders and which principal comes back first (the My page's assets). */
export async function lockedFunds(db: WalletDb, userId: number): Promise<LockedFunds> {
  const row = await db.get<LockedFunds>(sql`SELECT COALESCE(SUM(amount_cents), 0) AS lockedCents, COUNT(*) AS orders,
      MIN(end_at_ms) AS nextMaturityMs,
      COALESCE((SELECT SUM(n.amount_cents) FROM ${financeOrders} n WHERE n.user_id = ${userId} AND n.status = 'active'
        AND n.end_at_ms = (SELECT MIN(m.end_at_ms) FROM ${financeOrders} m WHERE m.user_id = ${userId} AND m.status = 'active')), 0) AS nextMaturityCents
    FROM ${financeOrders} WHERE user_id = ${userId} AND status = 'active'`);
  return row!;
}
