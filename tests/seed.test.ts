import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedStatements } from "../worker/seed/seed";
import { count, expectMoneyInvariants } from "./helpers";
import { allDatabases, playerD1, walletDatabases } from "./shard-helpers";
import { users, rooms as roomsTable, ledger } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const TABLES = [
  "users",
  "ledger",
  "games",
  "rooms",
  "articles",
  "banners",
  "finance_products",
  "invitation_codes",
  "settings",
];

async function counts() {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = await count(t);
  return out;
}

describe("seed", () => {
  it("holds the demo data of docs/architecture.md#modes", async () => {
    const c = await counts();
    expect(c.games).toBe(16);
    expect(c.rooms).toBe(48);
    expect(c.finance_products).toBe(4);
    const demo = await (
      await playerD1("demo01")
    )
      .prepare(`SELECT money_cents, role FROM ${quotedTable(users)} WHERE username = 'demo01'`)
      .first();
    expect(demo).toEqual({ money_cents: 1_000_000, role: "player" });
    const rooms = await env.DB.prepare(
      `SELECT id, kind, option_count, roomtype FROM ${quotedTable(roomsTable)} WHERE id IN (1, 4, 15, 16) ORDER BY id`,
    ).all();
    expect(rooms.results).toEqual([
      { id: 1, kind: "standard", option_count: 11, roomtype: 1 },
      { id: 4, kind: "standard", option_count: 40, roomtype: 1 },
      { id: 15, kind: "standard", option_count: 11, roomtype: 1 },
      { id: 16, kind: "standard", option_count: 4, roomtype: 1 },
    ]);
    await expectMoneyInvariants();
  });

  it("runs twice without duplicating rows or moving money again", async () => {
    const before = await counts();
    const again = await seedStatements(env.PEPPER, Date.now() + 1);
    await env.DB.batch(again.control.map((s) => env.DB.prepare(s)));
    for (const [shard, d1] of walletDatabases().entries())
      await d1.batch((await again.wallet(shard)).map((s) => d1.prepare(s)));
    expect(await counts()).toEqual(before);
    const demo = await (
      await playerD1("demo01")
    )
      .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE username = 'demo01'`)
      .first<{
        money_cents: number;
      }>();
    expect(demo!.money_cents).toBe(1_000_000);
    await expectMoneyInvariants();
  });

  it("keeps the ledger append-only", async () => {
    // in every database, the same guards: a trigger fires for a row, so its refusal is seen where the seed
    // wrote ledger rows (shard 0's demo player's, the control database itself when it is shard 0)
    const triggers = async (d1: D1Database) =>
      (
        await d1
          .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ledger' ORDER BY name")
          .all()
      ).results;
    const guards = await triggers(env.DB);
    expect(guards.length).toBeGreaterThan(0);
    let refused = 0;
    for (const d1 of allDatabases()) {
      expect(await triggers(d1)).toEqual(guards);
      if (!(await d1.prepare(`SELECT 1 FROM ${quotedTable(ledger)} LIMIT 1`).first())) continue;
      await expect(d1.prepare(`UPDATE ${quotedTable(ledger)} SET amount_cents = 0`).run()).rejects.toThrow(
        /append-only/,
      );
      await expect(d1.prepare(`DELETE FROM ${quotedTable(ledger)}`).run()).rejects.toThrow(/append-only/);
      refused++;
    }
    expect(refused).toBeGreaterThan(0);
  });
});
