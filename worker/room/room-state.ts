import type { RoundSchedule } from "./round-view";

/**
 * What a room keeps in its own SQLite storage: which room it is, the schedule of the round in play,
 * and the seeds of rounds not yet drawn. D1 has the public side (commits, results, bets); a seed
 * leaves this storage only once its round is drawn (docs/architecture.md#the-room).
 */
export class RoomState {
  /** The room's id once read or bound: it never changes for this object. */
  private boundRoomId: number | null = null;

  constructor(private readonly sql: SqlStorage) {}

  /** Idempotent; run in blockConcurrencyWhile before the room answers anything. */
  migrate(): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS room (
      singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
      room_id INTEGER NOT NULL,
      round_id INTEGER, seqno INTEGER, game_type INTEGER, commit_hex TEXT,
      open_at_ms INTEGER, close_at_ms INTEGER, draw_at_ms INTEGER
    )`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS round_seeds (seqno INTEGER PRIMARY KEY, seed_hex TEXT NOT NULL)`);
    // Rooms created before beacon draws (docs/decisions/130) gain the round's beacon columns.
    const columns = this.sql
      .exec<{ name: string }>("SELECT name FROM pragma_table_info('room')")
      .toArray()
      .map((c) => c.name);
    if (!columns.includes("beacon_round")) {
      this.sql.exec("ALTER TABLE room ADD COLUMN beacon_chain TEXT");
      this.sql.exec("ALTER TABLE room ADD COLUMN beacon_round INTEGER");
    }
    // docs/decisions/161: the wallet shards holding bets of a round (answered = that shard paid it), and the
    // settlements not yet answered by every shard, with when the alarm tries the missing ones again.
    const recordedShards =
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'round_shards'").toArray().length > 0;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS round_shards (
      round_id INTEGER NOT NULL, shard INTEGER NOT NULL, answered INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (round_id, shard)
    )`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS pending_settlements (
      round_id INTEGER PRIMARY KEY, settlement TEXT NOT NULL, tries INTEGER NOT NULL DEFAULT 0, next_at_ms INTEGER NOT NULL
    )`);
    // A room from before the shards: the round in play took its orders in the one database, shard 0.
    if (!recordedShards)
      this.sql.exec(
        "INSERT OR IGNORE INTO round_shards (round_id, shard) SELECT round_id, 0 FROM room WHERE round_id IS NOT NULL",
      );
  }

  /** An order of the round is about to be written in this shard: kept before the write, so no bet is ever unknown. */
  addRoundShard(roundId: number, shard: number): void {
    this.sql.exec("INSERT OR IGNORE INTO round_shards (round_id, shard) VALUES (?, ?)", roundId, shard);
  }

  /** The shards holding bets of a round, in order. */
  roundShards(roundId: number): number[] {
    return this.sql
      .exec<{ shard: number }>("SELECT shard FROM round_shards WHERE round_id = ? ORDER BY shard", roundId)
      .toArray()
      .map((row) => row.shard);
  }

  /**
   * A drawn (or voided) round to pay in each of its shards: kept before the result goes to D1, so a restart
   * between the two finds it. `shards` replaces the round's set when given (a round whose set was lost).
   */
  keepSettlement(roundId: number, settlement: unknown, shards?: number[]): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO pending_settlements (round_id, settlement, tries, next_at_ms) VALUES (?, ?, 0, 0)",
      roundId,
      JSON.stringify(settlement),
    );
    for (const shard of shards ?? []) this.addRoundShard(roundId, shard);
  }

  /** Settlements some shard has not answered yet, oldest first, with those shards. */
  pendingSettlements(): { roundId: number; settlement: unknown; tries: number; nextAtMs: number; missing: number[] }[] {
    return this.sql
      .exec<{ round_id: number; settlement: string; tries: number; next_at_ms: number }>(
        "SELECT round_id, settlement, tries, next_at_ms FROM pending_settlements ORDER BY round_id",
      )
      .toArray()
      .map((row) => ({
        roundId: row.round_id,
        settlement: JSON.parse(row.settlement) as unknown,
        tries: row.tries,
        nextAtMs: row.next_at_ms,
        missing: this.sql
          .exec<{ shard: number }>(
            "SELECT shard FROM round_shards WHERE round_id = ? AND answered = 0 ORDER BY shard",
            row.round_id,
          )
          .toArray()
          .map((s) => s.shard),
      }));
  }

  shardAnswered(roundId: number, shard: number): void {
    this.sql.exec("UPDATE round_shards SET answered = 1 WHERE round_id = ? AND shard = ?", roundId, shard);
  }

  /** Some shard failed: the alarm tries the missing ones again at nextAtMs. */
  settlementFailed(roundId: number, nextAtMs: number): void {
    this.sql.exec(
      "UPDATE pending_settlements SET tries = tries + 1, next_at_ms = ? WHERE round_id = ?",
      nextAtMs,
      roundId,
    );
  }

  /** Every shard answered and the control database calls the round settled: nothing left to remember. */
  settlementDone(roundId: number): void {
    this.sql.exec("DELETE FROM pending_settlements WHERE round_id = ?", roundId);
    this.sql.exec("DELETE FROM round_shards WHERE round_id = ?", roundId);
  }

  /** When the alarm should next try a shard that failed; null when none is waiting. */
  nextSettlementRetryMs(): number | null {
    const row = this.sql
      .exec<{ at: number | null }>("SELECT MIN(next_at_ms) AS at FROM pending_settlements")
      .toArray()[0];
    return row?.at ?? null;
  }

  roomId(): number | null {
    if (this.boundRoomId === null) {
      const row = this.sql.exec<{ room_id: number }>("SELECT room_id FROM room").toArray()[0];
      this.boundRoomId = row ? row.room_id : null;
    }
    return this.boundRoomId;
  }

  /** A room is told its id by its first caller (ids come from idFromName(String(roomId))). */
  bindRoom(roomId: number): void {
    const known = this.roomId();
    if (known === null) {
      this.sql.exec("INSERT INTO room (singleton, room_id) VALUES (1, ?)", roomId);
      this.boundRoomId = roomId;
    } else if (known !== roomId) throw new Error(`room object of room ${known} was asked about room ${roomId}`);
  }

  current(): RoundSchedule | null {
    const row = this.sql
      .exec<{
        round_id: number | null;
        seqno: number;
        game_type: number;
        commit_hex: string;
        open_at_ms: number;
        close_at_ms: number;
        draw_at_ms: number;
        beacon_chain: string | null;
        beacon_round: number | null;
      }>(
        "SELECT round_id, seqno, game_type, commit_hex, open_at_ms, close_at_ms, draw_at_ms, beacon_chain, beacon_round FROM room",
      )
      .toArray()[0];
    if (!row || row.round_id === null) return null;
    return {
      roundId: row.round_id,
      seqno: row.seqno,
      gameType: row.game_type,
      commit: row.commit_hex,
      openAtMs: row.open_at_ms,
      closeAtMs: row.close_at_ms,
      drawAtMs: row.draw_at_ms,
      beaconChain: row.beacon_chain,
      beaconRound: row.beacon_round,
    };
  }

  /** null = no round in play (trading stopped); the room opens one when it is woken again. */
  setCurrent(round: RoundSchedule | null): void {
    this.sql.exec(
      `UPDATE room SET round_id = ?, seqno = ?, game_type = ?, commit_hex = ?, open_at_ms = ?, close_at_ms = ?, draw_at_ms = ?, beacon_chain = ?, beacon_round = ?`,
      round?.roundId ?? null,
      round?.seqno ?? null,
      round?.gameType ?? null,
      round?.commit ?? null,
      round?.openAtMs ?? null,
      round?.closeAtMs ?? null,
      round?.drawAtMs ?? null,
      round?.beaconChain ?? null,
      round?.beaconRound ?? null,
    );
  }

  seedFor(seqno: number): string | null {
    const row = this.sql
      .exec<{ seed_hex: string }>("SELECT seed_hex FROM round_seeds WHERE seqno = ?", seqno)
      .toArray()[0];
    return row ? row.seed_hex : null;
  }

  storeSeed(seqno: number, seedHex: string): void {
    this.sql.exec("INSERT INTO round_seeds (seqno, seed_hex) VALUES (?, ?)", seqno, seedHex);
  }

  /** Seeds of drawn rounds are public in D1 now; the room need not keep them. */
  forgetSeedsThrough(seqno: number): void {
    this.sql.exec("DELETE FROM round_seeds WHERE seqno <= ?", seqno);
  }
}
