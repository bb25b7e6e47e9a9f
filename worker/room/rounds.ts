import type { AnyDb, ControlDb, WalletDb } from "../db/client";
import { type SQL, and, desc, eq, inArray, sql } from "drizzle-orm";
import { reasonValues, type LedgerReason } from "../ledger/reasons";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { type PageAt, firstPage, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { LEVEL_KEYS } from "#shared/players/levels";
import type { RoundRow } from "./round-view";
import { rounds, roundSettlements, bets, ledger, users, rooms, games } from "../db/schema";

/** A round about to be opened: its row is inserted with the commit only; the seed stays in the room. */
export type NewRound = {
  roomId: number;
  seqno: number;
  gameType: number;
  openAtMs: number;
  closeAtMs: number;
  drawAtMs: number;
  commit: string;
  rules: RoundRules;
  /** The beacon round the draw will use, published with the commit (docs/decisions/130); null: none. */
  beaconChain: string | null;
  beaconRound: number | null;
};

/** The room's settings a round opened with (docs/product.md#rounds-and-bets): its bets are checked against these. */
export type RoundRules = { ratesMilli: number[]; minbuyCents: number; minLevel: number };

/**
 * Opens a round: insert (a retry after a crash finds the row already there and keeps it) and read
 * back the stored row, whose times and commit are the ones that count.
 */
export function openRoundStatements(db: ControlDb, round: NewRound) {
  return [
    db.run(sql`INSERT OR IGNORE INTO ${rounds} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status,
        rates_milli, minbuy_cents, min_level, beacon_chain, beacon_round)
      VALUES (${round.roomId}, ${round.seqno}, ${round.gameType}, ${round.openAtMs}, ${round.closeAtMs}, ${round.drawAtMs}, ${round.commit}, 'open',
        ${JSON.stringify(round.rules.ratesMilli)}, ${round.rules.minbuyCents}, ${round.rules.minLevel}, ${round.beaconChain}, ${round.beaconRound})`),
    db.get<StoredRound>(
      sql`SELECT ${storedRoundColumns} FROM ${rounds} WHERE room_id = ${round.roomId} AND seqno = ${round.seqno}`,
    ),
  ] as const;
}

export type StoredRound = {
  id: number;
  seqno: number;
  gameType: number;
  openAtMs: number;
  closeAtMs: number;
  drawAtMs: number;
  commit: string;
  status: string;
  beaconChain: string | null;
  beaconRound: number | null;
  /** set once the room drew (or voided) it; an open round with it is being paid in its shards */
  drawnAtMs: number | null;
};

// The batch that opens a round reads its row back through D1's raw results (worker/db/batch.ts), which
// carry the names the text gives them, so that read names its columns in SQL; the others use the builder.
const storedRoundColumns = sql.raw(
  'id, seqno, game_type AS gameType, open_at_ms AS openAtMs, close_at_ms AS closeAtMs, draw_at_ms AS drawAtMs, "commit", status, beacon_chain AS beaconChain, beacon_round AS beaconRound, drawn_at_ms AS drawnAtMs',
);

const storedRoundFields = {
  id: rounds.id,
  seqno: rounds.seqno,
  gameType: rounds.gameType,
  openAtMs: rounds.openAtMs,
  closeAtMs: rounds.closeAtMs,
  drawAtMs: rounds.drawAtMs,
  commit: rounds.commit,
  status: rounds.status,
  beaconChain: rounds.beaconChain,
  beaconRound: rounds.beaconRound,
  drawnAtMs: rounds.drawnAtMs,
};

export type Settlement = {
  roundId: number;
  /** "settled" after a draw; "void" when a round cannot be drawn and every stake goes back. */
  status: "settled" | "void";
  /** Why a void round could not be drawn (VoidReason), published beside it; null when drawn. */
  voidReason: VoidReason | null;
  /**
   * The round's seed, published when it ends whether drawn or void (a void round's seed shows that its
   * commitment was honest too); null only when the room lost it (seed_lost).
   */
  seedHex: string | null;
  draw: { numbers: number[]; num1: number; num2: number; num3: number; sum: number } | null;
  /** The verified beacon round the draw mixed in (docs/decisions/130); null: commit-reveal only, or void. */
  beacon?: { signature: string; randomness: string } | null;
  winMask: number;
  refundMask: number;
  /** The operator's VIP thresholds in cents (settings vip_thresholds_cents). */
  vipThresholdsCents: number[];
  /** Shown in the players' funds ledger: the game and the round (worker/ledger/reasons.ts). */
  reason: LedgerReason;
  nowMs: number;
};

/**
 * Publishes a round's result in the control database (docs/decisions/161): its seed, numbers, masks and
 * beacon, and the moment it was drawn. The round stays open (its bets are still in play) until every wallet
 * shard holding its bets has paid them (roundAnsweredStatements). Only a round not drawn yet is written, so
 * a repeated alarm or a retry after a crash changes nothing.
 */
export function roundResultStatement(db: ControlDb, s: Settlement) {
  return db.run(sql`UPDATE ${rounds} SET
      seed = ${s.seedHex}, numbers = ${s.draw ? JSON.stringify(s.draw.numbers) : null},
      num1 = ${s.draw?.num1 ?? null}, num2 = ${s.draw?.num2 ?? null}, num3 = ${s.draw?.num3 ?? null}, sum = ${s.draw?.sum ?? null},
      win_mask = ${s.winMask}, refund_mask = ${s.refundMask}, drawn_at_ms = ${s.nowMs},
      void_reason = ${s.voidReason}, beacon_signature = ${s.beacon?.signature ?? null}, beacon_randomness = ${s.beacon?.randomness ?? null}
    WHERE id = ${s.roundId} AND status = 'open' AND drawn_at_ms IS NULL`);
}

/**
 * In the control database, after a wallet shard answered its settlement batch: the shard's row, then the round
 * settled (or void) once every shard of its set has one. `shards` is the round's whole set, as the room knows
 * it; with none (nobody bet) the round is settled at once. Both statements can run any number of times.
 */
export function roundAnsweredStatements(
  db: ControlDb,
  round: { roundId: number; shards: number[]; nowMs: number },
  shard: number | null,
) {
  const answered = shard === null ? [] : [shardAnsweredStatement(db, round.roundId, shard, round.nowMs)];
  return [
    ...answered,
    db.run(sql`UPDATE ${rounds} SET status = CASE WHEN void_reason IS NULL THEN 'settled' ELSE 'void' END, settled_at_ms = ${round.nowMs}
      WHERE id = ${round.roundId} AND status = 'open' AND drawn_at_ms IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM json_each(${JSON.stringify(round.shards)})
          WHERE value NOT IN (SELECT shard FROM ${roundSettlements} WHERE round_id = ${round.roundId}))`),
  ];
}

const shardAnsweredStatement = (db: AnyDb, roundId: number, shard: number, nowMs: number) =>
  db.run(
    sql`INSERT OR IGNORE INTO ${roundSettlements} (round_id, shard, settled_at_ms) VALUES (${roundId}, ${shard}, ${nowMs})`,
  );

/**
 * Settles a round's bets in ONE wallet shard with a fixed number of statements however many bets it holds
 * (docs/architecture.md#the-room, docs/decisions/161), for one batch in that shard. Every statement acts
 * only while the shard has not settled the round yet, and the shard's own round_settlements row is written
 * last, so a retried batch (an alarm after a lost answer, two at once) changes nothing the second time; the
 * ledger keys (award:<round>:<user>, stakes:<round>:house, ...) are unique in the shard's ledger anyway. The
 * house is booked per round in each shard, so each shard's books sum to zero on their own.
 */
export function settlementStatements(db: WalletDb, s: Settlement, shard: number) {
  const stillOpen = sql`NOT EXISTS (SELECT 1 FROM ${roundSettlements} WHERE round_id = ${s.roundId} AND shard = ${shard})`;
  const wins = sql`((CAST(${s.winMask} AS INTEGER) >> ${bets}.option_index) & 1) = 1`;
  const refunds = sql`((CAST(${s.refundMask} AS INTEGER) >> ${bets}.option_index) & 1) = 1`;
  return [
    // Payout = floor(stake x odds / 1000): integer division of positive integers (docs/product.md#money).
    db.run(sql`UPDATE ${bets} SET
        isaward = CASE WHEN ${wins} THEN 1 WHEN ${refunds} THEN 2 ELSE 0 END,
        award_cents = CASE WHEN ${wins} THEN (stake_cents * odds_milli) / 1000 WHEN ${refunds} THEN stake_cents ELSE 0 END
      WHERE round_id = ${s.roundId} AND isaward = -1 AND ${stillOpen}`),
    ...houseStakesStatements(db, s, stillOpen),
    ...creditStatements(db, s, stillOpen, { state: 1, type: "earn", keyPrefix: "award" }),
    ...creditStatements(db, s, stillOpen, { state: 2, type: "redo", keyPrefix: "refund" }),
    turnoverStatement(db, s, stillOpen),
    shardAnsweredStatement(db, s.roundId, shard, s.nowMs),
  ] as const;
}

/**
 * The round's stakes in play, booked to the house in one row (docs/decisions/110): bets write only the
 * player's rows, so until this point the round's standing bets are the other side of their stakes.
 * Runs after the bets got their outcome, so it counts every bet the round decided (cancelled ones
 * were given back and are not stakes any more).
 */
function houseStakesStatements(db: WalletDb, s: Settlement, stillOpen: SQL) {
  const stakes = sql`(SELECT COALESCE(SUM(stake_cents), 0) FROM ${bets} WHERE round_id = ${s.roundId} AND isaward IN (0, 1, 2))`;
  const reason = reasonValues(s.reason);
  return [
    db.run(sql`INSERT INTO ${ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT id, ${stakes}, money_cents, money_cents + ${stakes}, 'bet', ${reason.text}, ${reason.key}, ${reason.params}, ${`round:${s.roundId}`}, ${`stakes:${s.roundId}:house`}, ${s.nowMs}
      FROM ${users} WHERE id = ${HOUSE_USER_ID} AND ${stakes} > 0 AND ${stillOpen}`),
    db.run(
      sql`UPDATE ${users} SET money_cents = money_cents + ${stakes} WHERE id = ${HOUSE_USER_ID} AND ${stakes} > 0 AND ${stillOpen}`,
    ),
  ];
}

/**
 * Pays what the bets of one outcome (won, refunded) earned: one ledger row per player and round,
 * the balances, and one house mirror row for the round's total, so the books still add up to zero.
 */
function creditStatements(
  db: WalletDb,
  s: Settlement,
  stillOpen: SQL,
  kind: { state: number; type: string; keyPrefix: string },
) {
  const perUser = sql`(SELECT user_id, SUM(award_cents) AS total FROM ${bets}
    WHERE round_id = ${s.roundId} AND isaward = ${kind.state} GROUP BY user_id HAVING SUM(award_cents) > 0)`;
  const roundTotal = sql`(SELECT COALESCE(SUM(award_cents), 0) FROM ${bets} WHERE round_id = ${s.roundId} AND isaward = ${kind.state})`;
  const ref = `round:${s.roundId}`;
  const key = `${kind.keyPrefix}:${s.roundId}:`;
  const reason = reasonValues(s.reason);
  return [
    db.run(sql`INSERT INTO ${ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT u.id, t.total, u.money_cents, u.money_cents + t.total, ${kind.type}, ${reason.text}, ${reason.key}, ${reason.params}, ${ref}, ${key} || u.id, ${s.nowMs}
      FROM ${perUser} AS t JOIN ${users} u ON u.id = t.user_id WHERE ${stillOpen}`),
    db.run(sql`UPDATE ${users} SET money_cents = money_cents + t.total FROM ${perUser} AS t
      WHERE ${users}.id = t.user_id AND ${stillOpen}`),
    db.run(sql`INSERT INTO ${ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT id, -${roundTotal}, money_cents, money_cents - ${roundTotal}, ${kind.type}, ${reason.text}, ${reason.key}, ${reason.params}, ${ref}, ${key + "house"}, ${s.nowMs}
      FROM ${users} WHERE id = ${HOUSE_USER_ID} AND ${roundTotal} > 0 AND ${stillOpen}`),
    db.run(sql`UPDATE ${users} SET money_cents = money_cents - ${roundTotal}
      WHERE id = ${HOUSE_USER_ID} AND ${roundTotal} > 0 AND ${stillOpen}`),
  ];
}

/**
 * Turnover counts stakes that were played out (won or lost; refunds and cancellations are not
 * turnover), and the VIP level follows it (docs/product.md#rounds-and-bets), the same rule as levelForTurnover. A level
 * never drops here: raising a threshold later does not take a level away from a player.
 */
function turnoverStatement(db: WalletDb, s: Settlement, stillOpen: SQL) {
  const thresholds = JSON.stringify(s.vipThresholdsCents);
  return db.run(sql`UPDATE ${users} SET
      turnover_cents = ${users}.turnover_cents + t.stakes,
      level = MAX(${users}.level, MIN(${LEVEL_KEYS.length},
        (SELECT COALESCE(MAX(CAST(key AS INTEGER)) + 1, 1) FROM json_each(${thresholds}) WHERE value <= ${users}.turnover_cents + t.stakes)))
    FROM (SELECT user_id, SUM(stake_cents) AS stakes FROM ${bets} WHERE round_id = ${s.roundId} AND isaward IN (0, 1) GROUP BY user_id) AS t
    WHERE ${users}.id = t.user_id AND ${stillOpen}`);
}

const roundRowFields = {
  id: rounds.id,
  seqno: rounds.seqno,
  gameType: rounds.gameType,
  commit: rounds.commit,
  seed: rounds.seed,
  numbers: rounds.numbers,
  num1: rounds.num1,
  num2: rounds.num2,
  num3: rounds.num3,
  sum: rounds.sum,
  winMask: rounds.winMask,
  closeAtMs: rounds.closeAtMs,
  drawAtMs: rounds.drawAtMs,
  status: rounds.status,
  voidReason: rounds.voidReason,
  voidNote: rounds.voidNote,
  beaconChain: rounds.beaconChain,
  beaconRound: rounds.beaconRound,
  beaconSignature: rounds.beaconSignature,
  beaconRandomness: rounds.beaconRandomness,
};

/**
 * seed_lost: the room lost the round's seed (a restart before it was kept), so nobody can draw it fairly.
 * operator: an operator voided the round before its draw (their note stays in the console, void_note).
 * beacon_unavailable: the beacon round the draw needs could not be had, verified, within BEACON_MAX_WAIT_SECONDS.
 */
export type VoidReason = "seed_lost" | "operator" | "beacon_unavailable";

/** The settings a round opened with; undefined for a round opened before rounds kept them. */
export async function roundRules(db: ControlDb, roundId: number): Promise<RoundRules | undefined> {
  const row = await db
    .select({ ratesMilli: rounds.ratesMilli, minbuyCents: rounds.minbuyCents, minLevel: rounds.minLevel })
    .from(rounds)
    .where(eq(rounds.id, roundId))
    .get();
  if (!row || row.ratesMilli === null || row.minbuyCents === null || row.minLevel === null) return undefined;
  return { ratesMilli: JSON.parse(row.ratesMilli) as number[], minbuyCents: row.minbuyCents, minLevel: row.minLevel };
}

/** The room's newest round, whatever its state (the room's restart point). */
export async function latestRound(db: ControlDb, roomId: number): Promise<StoredRound | undefined> {
  return db
    .select(storedRoundFields)
    .from(rounds)
    .where(eq(rounds.roomId, roomId))
    .orderBy(desc(rounds.seqno))
    .limit(1)
    .get();
}

/** Drawn rounds, newest first. */
export async function drawnRounds(db: ControlDb, roomId: number, limit: number): Promise<RoundRow[]> {
  return db
    .select(roundRowFields)
    .from(rounds)
    .where(and(eq(rounds.roomId, roomId), eq(rounds.status, "settled")))
    .orderBy(desc(rounds.seqno))
    .limit(limit);
}

/**
 * Finished rounds, newest first: drawn ones and void ones (not drawable, stakes refunded), so a void
 * round is as public as a drawn one, with its reason.
 */
export async function publicRounds(db: ControlDb, roomId: number, at: PageAt): Promise<RoundRow[]> {
  const keyset = keysetWhere(roundKeys, at, "desc");
  const { limit, offset } = keysetLimit(at);
  return db
    .select(roundRowFields)
    .from(rounds)
    .where(and(eq(rounds.roomId, roomId), inArray(rounds.status, ["settled", "void"]), keyset))
    .orderBy(...keysetOrder(roundKeys, at, "desc"))
    .limit(limit)
    .offset(offset);
}

/** The room's last `count` finished rounds (the results shown beside the round in play). */
export async function latestPublicRounds(db: ControlDb, roomId: number, count: number): Promise<RoundRow[]> {
  return (await publicRounds(db, roomId, firstPage(count))).slice(0, count);
}

/** Rounds page by seqno through rounds_room_seqno (docs/decisions/112). */
const roundKeys = [rounds.seqno];
export const roundKey = (row: { seqno: number }) => [row.seqno];
export const ROUND_KEY_WIDTH = 1;

export async function findRound(db: ControlDb, roomId: number, seqno: number): Promise<RoundRow | undefined> {
  return db
    .select(roundRowFields)
    .from(rounds)
    .where(and(eq(rounds.roomId, roomId), eq(rounds.seqno, seqno)))
    .get();
}

/** What a player's bet record shows of its round and room, by round id, from the control database. */
export type RoundFacts = {
  roundId: number;
  seqno: number;
  gameType: number;
  roomTitle: string;
  titleKey: string;
  optionCount: number;
  /** the round's draw once settled (JSON numbers and sum); null while it waits or when it was voided */
  roundStatus: string;
  numbers: string | null;
  drawSum: number | null;
  /** why a void round was voided (VoidReason) and the operator's note, whose preset key alone reaches players */
  voidReason: string | null;
  voidNote: string | null;
};

export async function roundFacts(db: ControlDb, roundIds: number[]): Promise<Map<number, RoundFacts>> {
  const ids = [...new Set(roundIds)];
  if (ids.length === 0) return new Map();
  const rows =
    await db.all<RoundFacts>(sql`SELECT r.id AS roundId, r.seqno, r.game_type AS gameType, rm.title AS roomTitle,
      g.title_key AS titleKey, rm.option_count AS optionCount, r.status AS roundStatus, r.numbers, r.sum AS drawSum,
      r.void_reason AS voidReason, r.void_note AS voidNote
    FROM ${rounds} r JOIN ${rooms} rm ON rm.id = r.room_id JOIN ${games} g ON g.id = rm.game_id
    WHERE r.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  return new Map(rows.map((row) => [row.roundId, row]));
}
