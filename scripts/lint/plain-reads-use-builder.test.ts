import { ESLint, RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import local from "./sql-names-tables.mjs";

// The lint rule that refuses a plain read of one table written as SQL text (docs/decisions/190), run through
// ESLint's own RuleTester on the parser the repository lints with. The refused samples are reads the Worker
// wrote so before they went through the query builder.

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const refused = { messageId: "plainRead" };

describe("the repository's lint", () => {
  it("refuses a plain read in worker/ as an error, and takes the builder's", async () => {
    const eslint = new ESLint();
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: "worker/wallet/example.ts" }))[0].messages
        .filter((m) => m.ruleId === "local/plain-reads-use-builder")
        .map((m) => m.severity);
    const head =
      'import type { WalletDb } from "../db/client";\nimport { eq, sql } from "drizzle-orm";\nimport { users } from "../db/schema";\n';
    const text =
      "export const f = (db: WalletDb, id: number) => db.get(sql`SELECT id FROM ${users} WHERE id = ${id}`);\n";
    expect(await lint(head + text)).toEqual([2]);
    const builder =
      "export const f = (db: WalletDb, id: number) => db.select({ id: users.id }).from(users).where(eq(users.id, id)).get();\n";
    expect(await lint(head + builder)).toEqual([]);
  });
});

tester.run("local/plain-reads-use-builder", local.rules["plain-reads-use-builder"], {
  valid: [
    // joins, sums and cases, subqueries, groups: SQL text
    "db.all(sql`SELECT b.id, u.username FROM ${bets} b JOIN ${users} u ON u.id = b.user_id WHERE b.round_id = ${id}`)",
    "db.get(sql`SELECT COALESCE(SUM(CASE WHEN isaward = 1 THEN award_cents ELSE 0 END), 0) AS awardCents FROM ${bets} WHERE user_id = ${id}`)",
    "db.get(sql`SELECT (SELECT MIN(id) FROM ${rounds} WHERE id > ${cursor}) AS blocker, (SELECT MAX(id) FROM ${rounds}) AS top`)",
    "db.all(sql`SELECT void_reason AS reason, COUNT(*) AS count FROM ${rounds} WHERE room_id = ${id} GROUP BY void_reason`)",
    "db.get(sql`${booksRows} SELECT 1 AS one FROM bl WHERE created_at_ms < ${fromMs} LIMIT 1`)",
    // a condition or a column list that is SQL of its own
    "db.all(sql`SELECT operator_role AS role, (${ACTIVE}) AS active FROM ${users} WHERE id = ${id}`)",
    "db.get(sql`SELECT ${columns} FROM ${rounds} WHERE room_id = ${roomId}`)",
    "db.all(sql`SELECT id FROM ${rounds} WHERE id BETWEEN ${lo} AND ${hi}`)",
    "db.get(sql`SELECT id FROM ${users} WHERE lower(username) = ${name}`)",
    // the statements that move money and other writes
    "db.run(sql`UPDATE ${users} SET money_cents = money_cents + ${cents} WHERE id = ${id}`)",
    "db.run(sql`INSERT INTO ${ledger} (user_id, amount_cents) SELECT id, ${cents} FROM ${users} WHERE id = ${id}`)",
    // a read inside a batch's statements, answered as D1's raw rows
    "runInOneBatch(db, [db.run(sql`INSERT INTO ${rounds} (id) VALUES (${id})`), db.get(sql`SELECT id, seqno FROM ${rounds} WHERE id = ${id}`)])",
    // a fragment, not a read of its own; another tag
    "const open = sql`SELECT id FROM ${rooms} WHERE trading = 1`",
    "db.get(html`SELECT id FROM ${users} WHERE id = ${id}`)",
  ],
  invalid: [
    { code: "db.get(sql`SELECT created_at_ms AS atMs FROM ${bets} WHERE id = ${betId}`)", errors: [refused] },
    {
      code: "db.get<{ afterCents: number }>(sql`SELECT after_cents AS afterCents FROM ${ledger}\n    WHERE user_id = ${userId} AND created_at_ms < ${atMs} ORDER BY created_at_ms DESC, id DESC LIMIT 1`)",
      errors: [refused],
    },
    {
      code: "db.all(sql`SELECT i.id, i.kind, i.text, i.created_at_ms AS at FROM ${riskInteractions} i WHERE i.user_id = ${userId} ORDER BY i.id DESC LIMIT 50`)",
      errors: [refused],
    },
    {
      code: "control.get(sql`SELECT 1 AS hit FROM ${soloAdjustments} WHERE ledger_key = ${key} AND operator_id = ${id}`)",
      errors: [refused],
    },
    {
      code: "db.all(sql`SELECT created_at_ms AS createdAtMs FROM ${table} WHERE status = 'pending'`)",
      errors: [refused],
    },
    {
      code: "await db.get(sql`SELECT through_ledger_id AS throughLedgerId, day FROM ${booksCheckpoint} WHERE id = 1`)",
      errors: [refused],
    },
    { code: 'db.get(sql`SELECT id, "commit" FROM ${rounds} AS r WHERE r.voided_by IS NOT NULL`)', errors: [refused] },
  ],
});
