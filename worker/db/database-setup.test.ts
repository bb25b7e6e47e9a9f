// What db:migrate sets up after the migrations (worker/db/database-setup.ts), on databases that never got the
// demo seed, as a deployment's: the first account a fresh directory hands out is never the house's id, and a
// wallet shard has its house account and its id range.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { controlSetupStatements, walletSetupStatements } from "./database-setup";
import { ID_RANGE } from "./id-ranges";
import { quotedTable } from "./quoted-table";
import { accountDirectory, ledger, users } from "./schema";

const MIGRATIONS = join(import.meta.dirname, "../../migrations");

function migrated() {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    db.exec("BEGIN");
    for (const statement of readFileSync(join(MIGRATIONS, name), "utf8").split("--> statement-breakpoint"))
      if (statement.trim()) db.exec(statement);
    db.exec("COMMIT");
  }
  return db;
}

const run = (db: DatabaseSync, statements: string[]) => statements.forEach((s) => db.exec(s));

describe("database setup after the migrations", () => {
  it("keeps the house's id in a fresh directory: the first operator created is not id 1", () => {
    const control = migrated();
    run(control, controlSetupStatements(1));
    run(control, controlSetupStatements(2)); // every db:migrate runs it again
    const first = control
      .prepare(`INSERT INTO ${quotedTable(accountDirectory)} (username, created_at_ms) VALUES ('boss', 3) RETURNING id`)
      .get() as { id: number };
    expect(first.id).toBe(2);
    expect(
      control.prepare(`SELECT id, username, shard FROM ${quotedTable(accountDirectory)} WHERE id = 1`).get(),
    ).toEqual({
      id: 1,
      username: "house",
      shard: null,
    });
  });

  it("gives a wallet shard its house account and its own id range, once however often it runs", () => {
    const shard = migrated();
    run(shard, walletSetupStatements(2, 1));
    run(shard, walletSetupStatements(2, 5));
    expect(shard.prepare(`SELECT id, role, money_cents, created_at_ms FROM ${quotedTable(users)}`).all()).toEqual([
      { id: 1, role: "house", money_cents: 0, created_at_ms: 1 },
    ]);
    const row = shard
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
         VALUES (1, 5, 0, 5, 'topup', 'r', 'k', 1) RETURNING id`,
      )
      .get() as { id: number };
    expect(row.id).toBe(2 * ID_RANGE + 1);
  });
});
