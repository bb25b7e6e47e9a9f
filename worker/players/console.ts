import type { ControlDb, WalletDb } from "../db/client";
import { escapeLike, startsWithSql } from "../db/like";
import { optionKey, voidPresetOf } from "../room/round-view";
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { randomHex } from "../auth/crypto";
import { hashPassword } from "../auth/password";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { RECORDS_PAGE_SIZE, betRecords, withRoundFacts } from "../room/bets";
import { roundFacts } from "../room/rounds";
import { type PageAt, firstPage, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { listOwnCards } from "../wallet/bank-card-queries";
import { listLedgerRows } from "../ledger/funds";
import { accountDirectory, adjustmentRequests, sessions, soloAdjustments, users } from "../db/schema";
import { isAdjustmentSql } from "../wallet/solo-adjustments";
import { REPEAT_WINDOW_MS } from "#shared/adjustments";
import { revokeAllSessionsStatement } from "../accounts/sessions";
import { getUserById } from "../accounts/users";
import { readSettings } from "../settings/settings";
import { listDeposits, listWithdrawals } from "../wallet/requests";
import { toMoney } from "#shared/money";
import { normalisePhone } from "#shared/players/phone";
import { ledgerRowKind, rowReasonParams } from "../wallet/present";
import { ledgerReasons } from "../ledger/reasons";
import { moneyFigures } from "./money-figures";

// The operator's view of players and what an operator may do to an account (docs/product.md#operators).
export const PLAYERS_PAGE_SIZE = 20;
const RECENT = 10;

export const playerKey = (row: { id: number }) => [row.id];
export const PLAYER_KEY_WIDTH = 1;

/**
 * By username (prefix, any case) or phone (contains, or the whole number in any spelling: 0912 345 678 finds
 * +84912345678, docs/decisions/168); one page, never the whole table. The page is read from
 * the directory in the control database (every player's name, phone and shard, docs/decisions/161), then each
 * player's level, balance and state from their shard: one query per shard the page touches.
 */
export async function searchPlayers(control: ControlDb, shards: WalletDb[], q: { query: string; at: PageAt }) {
  const term = escapeLike(q.query.toLowerCase());
  const d = accountDirectory;
  const number = normalisePhone(q.query);
  const match = q.query
    ? or(startsWithSql(d.username, q.query), like(d.phone, `%${term}%`), number ? eq(d.phone, number.e164) : undefined)
    : undefined;
  const found = await control
    .select({ id: d.id, username: d.username, phone: d.phone, dialCode: d.dialCode, shard: d.shard })
    .from(d)
    // players only: operators and the house have no shard (operators have their own list, /admin/operators)
    .where(and(isNotNull(d.shard), match, keysetWhere([d.id], q.at, "desc")))
    .orderBy(...keysetOrder([d.id], q.at, "desc"))
    .limit(keysetLimit(q.at).limit)
    .offset(keysetLimit(q.at).offset);
  const byShard = new Map<number, typeof found>();
  for (const r of found) byShard.set(r.shard ?? 0, [...(byShard.get(r.shard ?? 0) ?? []), r]);
  const accounts = new Map<number, PlayerAccount>();
  await Promise.all(
    [...byShard].map(async ([shard, rows]) => {
      const db = shards[shard];
      if (!db) return;
      const read = await db
        .select({
          id: users.id,
          role: users.role,
          level: users.level,
          moneyCents: users.moneyCents,
          frozen: users.frozen,
          createdAtMs: users.createdAtMs,
        })
        .from(users)
        .where(
          and(
            eq(users.role, "player"),
            inArray(
              users.id,
              rows.map((r) => r.id),
            ),
          ),
        );
      for (const a of read) accounts.set(a.id, a);
    }),
  );
  // a name whose shard row is not written yet (a registration under way) has no account to show
  return found.map((r) => ({ ...r, account: accounts.get(r.id) }));
}

type PlayerAccount = {
  id: number;
  role: string;
  level: number;
  moneyCents: number;
  frozen: number;
  createdAtMs: number;
};

/** The operator's file of a player: read from the player's shard (`db`), the limits from the control database. */
export async function playerFile(db: WalletDb, control: ControlDb, userId: number, nowMs: number) {
  const user = await getUserById(db, userId);
  if (!user || user.role === "house") throw new ProductError(1002);
  const since = nowMs - REPEAT_WINDOW_MS;
  const [ledgerRows, bets, cards, deposits, withdrawals, live, solo, asked, limits] = await Promise.all([
    listLedgerRows(db, { userId, at: firstPage(RECENT - 1) }),
    betRecords(db, userId, null, firstPage(RECORDS_PAGE_SIZE)),
    listOwnCards(db, userId),
    listDeposits(db, { userId, at: firstPage(RECENT - 1) }),
    listWithdrawals(db, { userId, at: firstPage(RECENT - 1) }),
    db
      .select({
        id: sessions.id,
        kind: sessions.kind,
        createdAtMs: sessions.createdAtMs,
        lastSeenAtMs: sessions.lastSeenAtMs,
        expiresAtMs: sessions.expiresAtMs,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAtMs), gt(sessions.expiresAtMs, nowMs)))
      .orderBy(desc(sessions.id))
      .limit(RECENT),
    // every credit or debit of the last minutes, by any operator: made alone, or asked of a second operator
    // and not turned down (the file's ten ledger rows would lose one behind a burst of bets)
    db
      .select({ amountCents: soloAdjustments.amountCents, time: soloAdjustments.createdAtMs })
      .from(soloAdjustments)
      .where(and(eq(soloAdjustments.userId, userId), gte(soloAdjustments.createdAtMs, since), isAdjustmentSql)),
    db
      .select({ amountCents: adjustmentRequests.amountCents, time: adjustmentRequests.createdAtMs })
      .from(adjustmentRequests)
      .where(
        and(
          eq(adjustmentRequests.userId, userId),
          gte(adjustmentRequests.createdAtMs, since),
          inArray(adjustmentRequests.status, ["pending", "approved"]),
        ),
      ),
    readSettings(control, ["adjust_max_cents", "withdraw_daily_cap_cents"]),
  ]);
  // the figures of the player's own My page, computed as the player's answers compute them
  const figures = await moneyFigures(db, {
    userId,
    balanceCents: user.moneyCents,
    dailyCapCents: limits.withdraw_daily_cap_cents,
    nowMs,
  });
  return {
    user: {
      id: user.id,
      username: user.username,
      quhao: user.dialCode,
      phone: user.phone,
      role: user.role,
      level: user.level,
      money: toMoney(user.moneyCents),
      withdrawable: toMoney(figures.withdrawableCents),
      withdrawing: toMoney(figures.withdrawingCents),
      locked: toMoney(figures.locked.lockedCents),
      total: toMoney(figures.totalCents),
      turnover: toMoney(user.turnoverCents),
      frozen: user.frozen === 1,
      createdAt: user.createdAtMs,
    },
    // with the reason's key and parameters, so the console names it in the operator's language (an
    // operator's note from before 0015 included: the console is where it belongs)
    // a withdrawal's hold names its request by its reference and reads as what became of it, as the player's
    // statement does (flowRow)
    ledger: ledgerRows.map((r) => {
      const hold = r.withdrawalId != null ? ledgerReasons.withdrawalOf(r.withdrawalId) : null;
      return {
        id: r.id,
        amount: toMoney(r.amountCents),
        after: toMoney(r.afterCents),
        type: r.type,
        kind: ledgerRowKind(r),
        reason: hold?.text ?? r.reason,
        reasonKey: hold?.key ?? r.reasonKey,
        reasonParams: hold ? hold.params : r.reasonKey ? rowReasonParams(r) : null,
        note: r.operatorNote,
        time: r.createdAtMs,
      };
    }),
    // the option by its stable key and the room by its title key: the console names both in the operator's language
    bets: withRoundFacts(
      bets,
      await roundFacts(
        control,
        bets.map((b) => b.roundId),
      ),
    )
      .slice(0, RECENT)
      .map((b) => ({
        id: b.id,
        room: b.roomTitle,
        titleKey: b.titleKey,
        gameType: b.gameType,
        seqno: b.seqno,
        option: optionKey(b.gameType, b.optionCount, b.optionIndex),
        stake: toMoney(b.stakeCents),
        odds: b.oddsMilli / 1000,
        award: toMoney(b.awardCents),
        isaward: b.state,
        // why a voided round was voided, as the player's bet records say it (its kind, an operator's preset)
        void: b.roundStatus === "void" ? { reason: b.voidReason, preset: voidPresetOf(b.voidNote) } : null,
        time: b.createdAtMs,
      })),
    cards: cards.map((c) => ({
      id: c.id,
      type: c.type,
      bank: c.bank,
      account: c.account,
      address: c.address,
      network: c.network,
    })),
    deposits: deposits.map((d) => ({ id: d.id, money: toMoney(d.amountCents), status: d.status, time: d.createdAtMs })),
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      money: toMoney(w.amountCents),
      status: w.status,
      time: w.createdAtMs,
    })),
    sessions: live.map((s) => ({
      id: s.id,
      kind: s.kind,
      createdAt: s.createdAtMs,
      lastSeenAt: s.lastSeenAtMs,
      expiresAt: s.expiresAtMs,
    })),
    // the largest single credit or debit (four eyes, docs/decisions/061): the form says it beside the amount
    adjustMax: toMoney(limits.adjust_max_cents),
    recentAdjustments: [...solo, ...asked]
      .sort((a, b) => b.time - a.time)
      .map((r) => ({ amount: toMoney(r.amountCents), time: r.time })),
  };
}

type Act = { operatorId: number; userId: number; nowMs: number };

/** A player: operator accounts are handled under /api/admin/operators, by an admin (worker/operators/accounts.ts). */
async function targetOf(db: WalletDb, a: Act) {
  if (a.userId === a.operatorId) throw new ProductError(1123);
  const user = await getUserById(db, a.userId);
  if (!user || user.role !== "player") throw new ProductError(1002);
  return user;
}

/** Freezing ends every session in the same batch: the player is out at once and answered 403/1069. */
export async function setFrozen(db: WalletDb, a: Act & { frozen: boolean }) {
  const user = await targetOf(db, a);
  const statements = [
    db
      .update(users)
      .set({ frozen: a.frozen ? 1 : 0 })
      .where(eq(users.id, a.userId)),
    ...(a.frozen ? [revokeAllSessionsStatement(db, a.userId, a.nowMs)] : []),
    auditStatement(db, {
      actorId: a.operatorId,
      action: a.frozen ? "player.freeze" : "player.unfreeze",
      target: `user:${a.userId}`,
      before: { frozen: user.frozen === 1 },
      after: { frozen: a.frozen },
      nowMs: a.nowMs,
    }),
  ];
  await runInOneBatch(db, statements);
  return { userId: a.userId, frozen: a.frozen };
}

export async function revokeSessions(db: WalletDb, a: Act) {
  await targetOf(db, a);
  await runInOneBatch(db, [
    revokeAllSessionsStatement(db, a.userId, a.nowMs),
    auditStatement(db, {
      actorId: a.operatorId,
      action: "player.sessions.revoke",
      target: `user:${a.userId}`,
      nowMs: a.nowMs,
    }),
  ]);
  return { userId: a.userId };
}

/** A new random login password, shown once to the operator to pass on; every session ends with the old one. */
export async function resetLoginPassword(db: WalletDb, pepper: string, a: Act) {
  await targetOf(db, a);
  const password = randomHex(5);
  await runInOneBatch(db, [
    // A new password generation: sessions a racing login is creating end too (decision 051).
    db
      .update(users)
      .set({
        passwordHash: await hashPassword(password, pepper),
        passwordGeneration: sql`${users.passwordGeneration} + 1`,
      })
      .where(eq(users.id, a.userId)),
    revokeAllSessionsStatement(db, a.userId, a.nowMs),
    auditStatement(db, {
      actorId: a.operatorId,
      action: "player.password.reset",
      target: `user:${a.userId}`,
      nowMs: a.nowMs,
    }),
  ]);
  return { userId: a.userId, password };
}
