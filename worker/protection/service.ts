import type { WalletDb } from "../db/client";
import { runInOneBatch } from "../db/batch";
import { ledgerSummary, netResultCents } from "../ledger/funds";
import {
  activeExclusion,
  insertExclusionStatement,
  listLimits,
  saveLimitIfUnchanged,
  usedByPeriod,
  type ActiveExclusion,
  type LimitRow,
} from "./queries";
import { dueLimitChangeStatements } from "../notices/queries";
import { revokeAllSessionsStatement, sessionRealityCheck } from "../accounts/sessions";
import { toMoney } from "#shared/money";
import {
  type ExclusionPeriod,
  type LimitKind,
  type LimitPeriod,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  effectiveLimit,
  exclusionEndMs,
  limitChange,
  realityCheckDueAtMs,
} from "#shared/protection/rules";

// Player protection's use cases (docs/product.md#player-protection), for the API routes; the rules are in rules.ts.

const money = (cents: number | null) => (cents === null ? null : toMoney(cents));

/** Every kind x period with the limit in force, its pending change, what already counts against it and, for losses, how far ahead. */
export async function limitsView(db: WalletDb, userId: number, nowMs: number) {
  const [rows, used] = await Promise.all([listLimits(db, userId), usedByPeriod(db, userId, nowMs)]);
  return LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      const pendingAt = row && row.pendingAtMs !== null && row.pendingAtMs > nowMs ? row.pendingAtMs : null;
      // Losses are stakes minus awards: a player ahead has used none of a loss limit, and is told by how much.
      const usedCents = used[`${kind}_${period}`];
      return {
        kind,
        period,
        money: money(effectiveLimit(row, nowMs)),
        pending: row && pendingAt !== null ? { money: money(row.pendingAmountCents), at: pendingAt } : null,
        used: toMoney(Math.max(0, usedCents)),
        ahead: toMoney(Math.max(0, -usedCents)),
      };
    }),
  );
}

const SET_LIMIT_ATTEMPTS = 5;

/** Sets a limit (null removes it): stricter at once, looser after 24 h; safe against concurrent changes. */
export async function setLimit(
  db: WalletDb,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
  newCents: number | null,
  nowMs: number,
) {
  for (let attempt = 0; attempt < SET_LIMIT_ATTEMPTS; attempt++) {
    const before: LimitRow | undefined = (await listLimits(db, userId)).find(
      (r) => r.kind === kind && r.period === period,
    );
    const after = limitChange(before, newCents, nowMs);
    if (await saveLimitIfUnchanged(db, { userId, kind, period }, before, after, nowMs)) return after;
  }
  throw new Error(`limit ${kind}/${period} of user ${userId} kept changing`);
}

/**
 * Raises and removals whose 24 hours are over become the limit itself, each with its notice to the
 * player, in one batch (run by the cron every minute, worker/index.ts scheduled). Answers how many.
 */
export async function applyDueLimitChanges(db: WalletDb, nowMs: number) {
  const [noticed] = await runInOneBatch(db, dueLimitChangeStatements(db, nowMs));
  return noticed.meta.changes ?? 0;
}

const exclusionView = (exclusion: ActiveExclusion | undefined) =>
  exclusion ? { period: exclusion.period, start: exclusion.startAtMs, until: exclusion.endAtMs } : null;

/** A time-out or self-exclusion, starting now; every session of the player ends in the same batch. */
export async function excludeSelf(db: WalletDb, userId: number, period: ExclusionPeriod, nowMs: number) {
  const exclusion = { period, startAtMs: nowMs, endAtMs: exclusionEndMs(period, nowMs) };
  await runInOneBatch(db, [
    insertExclusionStatement(db, userId, exclusion),
    revokeAllSessionsStatement(db, userId, nowMs),
  ]);
  return exclusion;
}

/** Time since sign-in and the betting result since sign-in (stakes and awards from the ledger). */
export async function realityCheckView(db: WalletDb, userId: number, sessionId: number, nowMs: number) {
  const session = await sessionRealityCheck(db, sessionId);
  const since = await ledgerSummary(db, userId, session.signedInAtMs, nowMs + 1);
  const dueAt = realityCheckDueAtMs(session.signedInAtMs, session.seenAtMs, session.minutes);
  return {
    minutes: session.minutes,
    signedInAt: session.signedInAtMs,
    playedMinutes: Math.floor((nowMs - session.signedInAtMs) / 60_000),
    net: toMoney(netResultCents(since)),
    dueAt,
    due: nowMs >= dueAt,
  };
}

export async function protectionView(db: WalletDb, userId: number, sessionId: number, nowMs: number) {
  const [limits, exclusion, reality] = await Promise.all([
    limitsView(db, userId, nowMs),
    activeExclusion(db, userId, nowMs),
    realityCheckView(db, userId, sessionId, nowMs),
  ]);
  return { limits, exclusion: exclusionView(exclusion), reality };
}
