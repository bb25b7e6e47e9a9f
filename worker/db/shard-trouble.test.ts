import { describe, expect, it } from "vitest";
import { ShardTrouble, shardTroubleIn, troubleTold } from "./shard-trouble";

/** A binding whose every statement fails with D1's words. */
function failingWith(message: string): D1Database {
  const fail = () => Promise.reject(new Error(message));
  const statement = { bind: () => statement, first: fail, all: fail, run: fail, raw: fail };
  return { prepare: () => statement, batch: fail, exec: fail } as unknown as D1Database;
}

const rejection = (d1: D1Database) =>
  troubleTold(d1, 2)
    .prepare("SELECT 1")
    .run()
    .catch((error: unknown) => error);

describe("a wallet shard in trouble (docs/decisions/169)", () => {
  it("is a database out of reach, locked, full or failing", async () => {
    for (const message of [
      "D1_ERROR: Network connection lost.",
      "D1_ERROR: database is locked: SQLITE_BUSY",
      "D1_ERROR: disk I/O error: SQLITE_IOERR",
      "D1_ERROR: database or disk is full: SQLITE_FULL",
      "D1 DB is overloaded. Too many requests queued.",
    ]) {
      const error = await rejection(failingWith(message));
      expect(error, message).toBeInstanceOf(ShardTrouble);
      expect(shardTroubleIn(error)?.shard).toBe(2);
    }
  });

  it("is not a statement the database ran and refused: a constraint, a guard's abort, a wrong statement", async () => {
    for (const message of [
      "D1_ERROR: UNIQUE constraint failed: notices.notice_key: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_UNIQUE)",
      "D1_ERROR: CHECK constraint failed: money_cents >= 0: SQLITE_CONSTRAINT",
      "D1_ERROR: no such table: nowhere: SQLITE_ERROR",
    ]) {
      const error = await rejection(failingWith(message));
      expect(shardTroubleIn(error), message).toBeUndefined();
      expect(String(error)).toContain(message);
    }
  });
});
