import type { WalletDb } from "../db/client";
import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { playLimits, selfExclusions, depositRequests, bets } from "../db/schema";
import { type LimitKind, type LimitPeriod, PERIOD_MS, type StoredLimit } from "#shared/protection/rules";

// Player protection in SQL (docs/product.md#player-protection). The checks are SQL conditions meant to sit INSIDE the batch
// that writes the bet, deposit or transfer-in, so concurrent requests (several rooms, a deposit at the
// same time) are decided one after the other by D1 and can never pass a limit together.

/** The limit in force, as SQL over a play_limits row aliased `l` (mirrors rules.effectiveLimit). */
const effectiveLimitSql = (nowMs: number) =>
  sql`(CASE WHEN l.pending_at_ms IS NOT NULL AND l.pending_at_ms <= ${nowMs} THEN l.pending_amount_cents ELSE l.amount_cents END)`;

/** Start of the row's rolling window. */
const windowStartSql = (nowMs: number) =>
  sql`(${nowMs} - CASE l.period WHEN 'day' THEN ${PERIOD_MS.day} WHEN 'week' THEN ${PERIOD_MS.week} ELSE ${PERIOD_MS.month} END)`;

/** What already counts against a limit of this kind since `since`, from the bets and requests themselves. */
function usedSql(kind: LimitKind, userId: number, since: SQL): SQL {
  switch (kind) {
    // Money asked for: pending and approved deposit requests (a rejected one never arrived).
    case "deposit":
      return sql`(SELECT COALESCE(SUM(amount_cents), 0) FROM ${depositRequests}
        WHERE user_id = ${userId} AND status <> 'rejected' AND created_at_ms > ${since})`;
    // Stakes minus awards of the bets placed in the window; a bet awaiting its draw counts in full,
    // a cancelled one not at all, a refunded one nets to zero.
    case "loss":
      return sql`(SELECT COALESCE(SUM(stake_cents - award_cents), 0) FROM ${bets}
        WHERE user_id = ${userId} AND isaward <> 3 AND created_at_ms > ${since})`;
    // Money put at stake: bets still standing. A finance lock-up is not a wager and does not count
    // (docs/decisions/090-player-protection-limits.md).
    case "stake":
      return sql`(SELECT COALESCE(SUM(stake_cents), 0) FROM ${bets}
          WHERE user_id = ${userId} AND isaward NOT IN (2, 3) AND created_at_ms > ${since})`;
  }
}

/** When the oldest amount still counting against a limit of this kind leaves its window (null = nothing counts). */
function oldestSql(kind: LimitKind, userId: number, since: SQL): SQL {
  if (kind === "deposit") {
    return sql`(SELECT MIN(created_at_ms) FROM ${depositRequests} WHERE user_id = ${userId} AND status <> 'rejected' AND created_at_ms > ${since})`;
  }
  const counted = kind === "loss" ? sql`isaward <> 3` : sql`isaward NOT IN (2, 3)`;
  return sql`(SELECT MIN(created_at_ms) FROM ${bets} WHERE user_id = ${userId} AND ${counted} AND created_at_ms > ${since})`;
}

export type Headroom = { period: LimitPeriod; limitCents: number; usedCents: number; oldestAtMs: number | null };

/** Every limit of a kind in force now, with what counts against it and when its oldest part rolls out. */
export async function headroomOf(db: WalletDb, userId: number, kind: LimitKind, nowMs: number): Promise<Headroom[]> {
  const since = windowStartSql(nowMs);
  return db.all<Headroom>(sql`SELECT l.period AS period, ${effectiveLimitSql(nowMs)} AS limitCents,
      ${usedSql(kind, userId, since)} AS usedCents, ${oldestSql(kind, userId, since)} AS oldestAtMs
    FROM ${playLimits} l WHERE l.user_id = ${userId} AND l.kind = ${kind} AND ${effectiveLimitSql(nowMs)} IS NOT NULL`);
}

/** True while no limit of this kind (any period) would be passed by adding newCents now. */
function withinLimitSql(kind: LimitKind, userId: number, newCents: number, nowMs: number): SQL {
  const limit = effectiveLimitSql(nowMs);
  return sql`NOT EXISTS (SELECT 1 FROM ${playLimits} l WHERE l.user_id = ${userId} AND l.kind = ${kind}
    AND ${limit} IS NOT NULL AND ${usedSql(kind, userId, windowStartSql(nowMs))} + ${newCents} > ${limit})`;
}

/** True while the player has no time-out or self-exclusion running. */
function notExcludedSql(userId: number, nowMs: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${selfExclusions} WHERE user_id = ${userId}
    AND start_at_ms <= ${nowMs} AND (end_at_ms IS NULL OR end_at_ms > ${nowMs}))`;
}

/** What an action adds to each kind of limit. */
export type ProtectedAction = { userId: number; nowMs: number; adds: Partial<Record<LimitKind, number>> };

/** The whole check of an action as one SQL condition: no exclusion running and every limit kept. */
export function protectionAllowsSql(action: ProtectedAction): SQL {
  const parts = [notExcludedSql(action.userId, action.nowMs)];
  for (const [kind, cents] of Object.entries(action.adds) as [LimitKind, number][]) {
    if (cents > 0) parts.push(withinLimitSql(kind, action.userId, cents, action.nowMs));
  }
  return sql.join(parts, sql` AND `);
}

export type Refusal = "excluded" | LimitKind;

/**
 * After a guarded batch wrote nothing: which rule refused it, for the message (the decision itself
 * was taken inside the batch). Null when nothing refuses any more (a bet was cancelled meanwhile).
 */
export async function refusalOf(db: WalletDb, action: ProtectedAction): Promise<Refusal | null> {
  const kinds = (Object.keys(action.adds) as LimitKind[]).filter((kind) => (action.adds[kind] ?? 0) > 0);
  const row = await db.get<Record<string, number>>(sql`SELECT ${notExcludedSql(action.userId, action.nowMs)} AS excluded
    ${sql.join(
      kinds.map(
        (kind) => sql`, ${withinLimitSql(kind, action.userId, action.adds[kind]!, action.nowMs)} AS ${sql.raw(kind)}`,
      ),
      sql``,
    )}`);
  if (!row) return null;
  if (!row.excluded) return "excluded";
  return kinds.find((kind) => !row[kind]) ?? null;
}

export type LimitRow = StoredLimit & { kind: LimitKind; period: LimitPeriod };

export function listLimits(db: WalletDb, userId: number): Promise<LimitRow[]> {
  return db
    .select({
      kind: sql<LimitKind>`${playLimits.kind}`,
      period: sql<LimitPeriod>`${playLimits.period}`,
      amountCents: playLimits.amountCents,
      pendingAmountCents: playLimits.pendingAmountCents,
      pendingAtMs: playLimits.pendingAtMs,
    })
    .from(playLimits)
    .where(eq(playLimits.userId, userId));
}

/** What counts against each kind over each period right now (for the screen). */
export async function usedByPeriod(db: WalletDb, userId: number, nowMs: number) {
  const columns = (["deposit", "loss", "stake"] as const).flatMap((kind) =>
    (["day", "week", "month"] as const).map(
      (period) => sql`${usedSql(kind, userId, sql`${nowMs - PERIOD_MS[period]}`)} AS ${sql.raw(`${kind}_${period}`)}`,
    ),
  );
  return (await db.get<Record<string, number>>(sql`SELECT ${sql.join(columns, sql`, `)}`))!;
}

/** The stored row's fields compared with IS, so a change made meanwhile is seen (null included). */
const unchangedSql = (
  before: StoredLimit,
) => sql`amount_cents IS ${before.amountCents} AND pending_amount_cents IS ${before.pendingAmountCents}
  AND pending_at_ms IS ${before.pendingAtMs}`;

/**
 * Writes one limit row as decided by rules.limitChange from `before` (undefined = no row), only if
 * the row still is `before`: two changes at once cannot undo each other (a raise read before a
 * lowering must not overwrite it). Answers false when the row changed meanwhile (read again, retry).
 */
export async function saveLimitIfUnchanged(
  db: WalletDb,
  key: { userId: number; kind: LimitKind; period: LimitPeriod },
  before: StoredLimit | undefined,
  after: StoredLimit,
  nowMs: number,
) {
  const row = sql`user_id = ${key.userId} AND kind = ${key.kind} AND period = ${key.period}`;
  const empty = after.amountCents === null && after.pendingAtMs === null;
  let result: D1Result;
  if (!before) {
    if (empty) return true;
    result = await db
      .insert(playLimits)
      .values({
        userId: key.userId,
        kind: key.kind,
        period: key.period,
        amountCents: after.amountCents,
        pendingAmountCents: after.pendingAmountCents,
        pendingAtMs: after.pendingAtMs,
        updatedAtMs: nowMs,
      })
      .onConflictDoNothing();
  } else if (empty) {
    result = await db.run(sql`DELETE FROM ${playLimits} WHERE ${row} AND ${unchangedSql(before)}`);
  } else {
    result =
      await db.run(sql`UPDATE ${playLimits} SET amount_cents = ${after.amountCents}, pending_amount_cents = ${after.pendingAmountCents},
      pending_at_ms = ${after.pendingAtMs}, updated_at_ms = ${nowMs} WHERE ${row} AND ${unchangedSql(before)}`);
  }
  return result.meta.changes > 0;
}

export type ActiveExclusion = { period: string; startAtMs: number; endAtMs: number | null };

const exclusionFields = {
  period: selfExclusions.period,
  startAtMs: selfExclusions.startAtMs,
  endAtMs: selfExclusions.endAtMs,
};

/** The running time-out or self-exclusion that ends last (a permanent one first). */
export async function activeExclusion(
  db: WalletDb,
  userId: number,
  nowMs: number,
): Promise<ActiveExclusion | undefined> {
  return db
    .select(exclusionFields)
    .from(selfExclusions)
    .where(
      and(
        eq(selfExclusions.userId, userId),
        lte(selfExclusions.startAtMs, nowMs),
        or(isNull(selfExclusions.endAtMs), gt(selfExclusions.endAtMs, nowMs)),
      ),
    )
    .orderBy(sql`${selfExclusions.endAtMs} IS NULL DESC`, desc(selfExclusions.endAtMs))
    .limit(1)
    .get();
}

export function insertExclusionStatement(db: WalletDb, userId: number, exclusion: ActiveExclusion) {
  return db.insert(selfExclusions).values({ userId, ...exclusion });
}

/** Every exclusion of a player, newest first (the operator's read-only view). */
export function listExclusions(db: WalletDb, userId: number) {
  return db
    .select(exclusionFields)
    .from(selfExclusions)
    .where(eq(selfExclusions.userId, userId))
    .orderBy(desc(selfExclusions.startAtMs));
}
