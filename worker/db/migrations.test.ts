// The committed migrations are the schema (worker/db/schema.ts): drizzle-kit must find nothing to
// generate, and the migrations must keep rows, constraints and the ledger triggers when applied in order.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";

const MIGRATIONS = join(import.meta.dirname, "../../migrations");
const sqlFiles = () =>
  readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort();

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("migrations", () => {
  it("agree with worker/db/schema.ts: drizzle-kit generate emits nothing", () => {
    const out = mkdtempSync(join(tmpdir(), "migrations-"));
    scratch.push(out);
    cpSync(MIGRATIONS, out, { recursive: true });
    const root = join(import.meta.dirname, "../..");
    // drizzle-kit reads --out relative to the working directory (even an absolute one).
    const printed = execFileSync(
      process.execPath,
      [
        "node_modules/drizzle-kit/bin.cjs",
        "generate",
        "--dialect",
        "sqlite",
        "--schema",
        "./worker/db/schema.ts",
        "--out",
        relative(root, out),
      ],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(printed).toContain("No schema changes");
    expect(
      readdirSync(out)
        .filter((name) => name.endsWith(".sql"))
        .sort(),
    ).toEqual(sqlFiles());
  }, 60_000);

  it("keep existing rows through the table rebuilds, and the ledger stays append-only", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON");
    const apply = (name: string) => {
      const text = readFileSync(join(MIGRATIONS, name), "utf8");
      db.exec("BEGIN");
      for (const statement of text.split("--> statement-breakpoint")) if (statement.trim()) db.exec(statement);
      db.exec("COMMIT");
    };
    const [first, second, ...later] = sqlFiles();
    apply(first);
    apply(second);
    db.exec(`INSERT INTO users (id, username, nickname, password_hash, role, money_cents, created_at_ms) VALUES
        (1, 'house', 'house', 'x', 'house', 500, 1), (2, 'p', 'p', 'x', 'player', 0, 1);
      INSERT INTO games (id, title, title_key, type, image) VALUES (1, 'g', 'g', 1, '');
      INSERT INTO rooms (id, game_id, roomtype, kind, title, option_count, rates_milli) VALUES (1, 1, 1, 'standard', 'r', 2, '[1980,1980]');
      INSERT INTO rounds (id, room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit") VALUES (1, 1, 1, 1, 1, 2, 3, 'c');
      INSERT INTO orders (id, ordersn, user_id, room_id, round_id, total_cents, created_at_ms) VALUES (1, 'o1', 2, 1, 1, 500, 1);
      INSERT INTO bets (order_id, user_id, round_id, option_index, odds_milli, stake_cents, created_at_ms) VALUES (1, 2, 1, 0, 1980, 500, 1);
      INSERT INTO ledger (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
        VALUES (2, -500, 500, 0, 'bet', 'r', 'bet:o1', 1), (1, 500, 0, 500, 'bet', 'r', 'bet:o1:house', 1);`);
    for (const name of later) apply(name);

    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    // 0006 gives back the house side of the stake still in play (docs/decisions/110): one more ledger row.
    expect([count("rounds"), count("orders"), count("bets"), count("ledger")]).toEqual([1, 1, 1, 3]);
    const books = db
      .prepare(
        `SELECT (SELECT SUM(money_cents) FROM users) AS balances,
      (SELECT SUM(stake_cents) FROM bets WHERE isaward = -1) AS inPlay,
      (SELECT money_cents FROM users WHERE id = 1) - (SELECT SUM(amount_cents) FROM ledger WHERE user_id = 1) AS houseDrift`,
      )
      .get();
    // The fixture leaves the player's top-up out (balances summed to 500 before): the house's 500 went.
    expect(books).toEqual({ balances: 0, inPlay: 500, houseDrift: 0 });
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    expect(() => db.exec("UPDATE ledger SET amount_cents = 1 WHERE id = 1")).toThrow(/append-only/);
    expect(() => db.exec("DELETE FROM ledger")).toThrow(/append-only/);
    // A wallet shard's rows name rooms, rounds and operators of the control database (docs/decisions/161):
    // no reference may refuse them, and the audit log rebuilt without its reference is still append-only.
    db.exec(`INSERT INTO orders (ordersn, user_id, room_id, round_id, total_cents, created_at_ms) VALUES ('o2', 2, 77, 88, 100, 1);
      INSERT INTO bets (order_id, user_id, round_id, option_index, odds_milli, stake_cents, created_at_ms) VALUES (2, 2, 88, 0, 1980, 100, 1);
      INSERT INTO audit_log (actor_id, action, target, created_at_ms) VALUES (99, 'deposit.approve', 'user:2', 1);
      INSERT INTO deposit_requests (user_id, amount_cents, status, idempotency_key, created_at_ms, decided_by, first_approved_by, pay_name)
        VALUES (2, 100, 'approved', 'd1', 1, 98, 99, 'P');
      INSERT INTO finance_orders (user_id, product_id, name_key, amount_cents, daily_rate_ppm, days, start_at_ms, end_at_ms, idempotency_key)
        VALUES (2, 42, 'finance.tier.short', 100, 1000, 7, 1, 2, 'f1');`);
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    expect(() => db.exec("UPDATE audit_log SET action = 'x'")).toThrow(/append-only/);
    expect(() => db.exec("DELETE FROM audit_log")).toThrow(/append-only/);
    // The database itself refuses impossible rows.
    const refused = [
      "UPDATE bets SET isaward = 7",
      "UPDATE bets SET odds_milli = 0",
      "UPDATE bets SET award_cents = -1",
      "UPDATE orders SET total_cents = 0",
      "UPDATE orders SET status = 'lost'",
      "UPDATE rounds SET status = 'drawn'",
      "INSERT INTO ledger (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (2, 0, 0, 0, 'bet', 'r', 'z', 1)",
      "INSERT INTO users (username, nickname, password_hash, quhao, phone, created_at_ms) VALUES ('a', 'a', 'x', '+84', '1', 1), ('b', 'b', 'x', '+84', '1', 1)",
    ];
    for (const statement of refused) expect(() => db.exec(statement), statement).toThrow();
  });
});
