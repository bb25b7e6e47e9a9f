import { getTableName, isTable } from "drizzle-orm";
import { ESLint, RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";
import local, { schemaTables } from "./sql-names-tables.mjs";

// The lint rule that refuses a table named as a word in a `sql` template (docs/decisions/190), run through
// ESLint's own RuleTester on the parser the repository lints with.

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const rule = local.rules["sql-names-tables"];
const refused = (name: string, object: string) => ({ messageId: "literalTable", data: { name, object } });
/** A table named as a word in SQL written as a plain string (docs/decisions/190: worker/db/quoted-table.ts). */
const refusedInString = (name: string, object: string) => ({
  messageId: "literalTableInString",
  data: { name, object },
});

describe("the tables the rule knows", () => {
  it("are every table the schema exports, by the name and object the schema gives it", () => {
    const exported = Object.entries(schema)
      .filter(([, value]) => isTable(value))
      .map(([object, table]) => [getTableName(table as Parameters<typeof getTableName>[0]), object]);
    expect(exported.length).toBeGreaterThan(40);
    expect([...schemaTables()].sort()).toEqual(exported.sort());
  });
});

describe("the repository's lint", () => {
  it("refuses a literal table in worker/ as an error, and takes the interpolated one", async () => {
    const eslint = new ESLint();
    const lint = async (code: string) =>
      (await eslint.lintText(code, { filePath: "worker/wallet/example.ts" }))[0].messages
        .filter((m) => m.ruleId === "local/sql-names-tables")
        .map((m) => m.severity);
    const head = 'import { sql } from "drizzle-orm";\nimport { bets } from "../db/schema";\nexport const ';
    expect(await lint(head + "q = sql`SELECT id FROM bets WHERE id = ${1}`;\n")).toEqual([2]);
    expect(await lint(head + "q = sql`SELECT b.id FROM ${bets} b WHERE b.id = ${1}`;\n")).toEqual([]);
    // SQL as a plain string: its table through quotedTable
    expect(await lint(head + "s = `DELETE FROM bets WHERE id = ${1}`;\n")).toEqual([2]);
    const quoted = 'import { quotedTable } from "../db/quoted-table";\n';
    expect(await lint(quoted + head + "s = `DELETE FROM ${quotedTable(bets)} WHERE id = ${1}`;\n")).toEqual([]);
  });

  it("refuses it in tests/ and scripts/ too, the .mjs scripts' included", async () => {
    const eslint = new ESLint();
    const lint = async (code: string, filePath: string) =>
      (await eslint.lintText(code, { filePath }))[0].messages
        .filter((m) => m.ruleId === "local/sql-names-tables")
        .map((m) => m.severity);
    const mistake = 'export const q = (db, id) => db.prepare("SELECT * FROM users WHERE id = ?").bind(id);\n';
    expect(await lint(mistake, "tests/example.test.ts")).toEqual([2]);
    expect(await lint(mistake, "tests/support/example.mjs")).toEqual([2]);
    expect(await lint(mistake, "scripts/example.mjs")).toEqual([2]);
    const oneHop = 'const table = "users";\nexport const q = (db) => db.prepare(`SELECT * FROM ${table}`);\n';
    expect(await lint(oneHop, "scripts/lib/example.mjs")).toEqual([2]);
  });
});

tester.run("local/sql-names-tables", rule, {
  valid: [
    // the table comes in as its object; aliases, qualifiers through the object, and columns stay words
    "sql`INSERT INTO ${depositRequests} (user_id, amount_cents) VALUES (${userId}, ${cents})`",
    "sql`SELECT b.id FROM ${bets} b JOIN ${orders} o ON o.id = b.order_id WHERE ${bets}.id > 0`",
    "sql<number>`UPDATE ${users} SET money_cents = money_cents + ${cents} WHERE id = ${id}`",
    // a column that shares a table's name, a table's name in a string literal or a comment
    "sql`SELECT settings, games FROM ${rooms} WHERE kind = 'bets' -- not FROM bets\n`",
    // a CTE or an alias of another name; another tag's text
    "sql`WITH t AS (SELECT 1) SELECT * FROM t`",
    "html`<p>FROM bets</p>`",
    // sql.raw of a column or an operator, given as text or as a constant
    'sql.raw("b.created_at_ms")',
    "sql.raw(`${alias}.id <= m.${through}`)",
    'const column = "b.created_at_ms"; sql.raw(column);',
    // SQL as a plain string that names its tables through the schema's objects, or tables of no schema (a room's
    // own storage), given to prepare and exec or kept for later
    "const q = `SELECT 1 FROM ${quotedTable(bets)} WHERE id = ${id}`;",
    "d1.prepare(`INSERT INTO ${quotedTable(users)} (id) VALUES (?)`)",
    'this.sql.exec("DELETE FROM round_seeds WHERE seqno <= ?", seqno)',
    // words that are not SQL: lower case outside prepare and exec, a table's bare name outside sql.raw
    'const words = "the money moved from users to the house";',
    "throw new Error(`table ${name}: name it in NO_PLAYER_ROWS`);",
    'const kinds = ["ledger", "bets"];',
    '/^\\d+$/.exec("users")',
    // a const that holds the quoted name, or a column, or no table; a const's name as a bound parameter of `sql`
    'const t = quotedTable(users);\ndb.prepare("SELECT * FROM " + t);',
    'const column = "created_at_ms";\nconst q = `SELECT ${column} FROM ${quotedTable(bets)}`;',
    'const kind = "users";\nconst label = "moved " + kind;',
    'const name = "users";\nsql`SELECT 1 FROM ${accountDirectory} WHERE username = ${name}`;',
  ],
  invalid: [
    {
      code: "sql`INSERT INTO deposit_requests (user_id) VALUES (${userId})`",
      errors: [{ ...refused("deposit_requests", "depositRequests"), line: 1, column: 17, endColumn: 33 }],
    },
    {
      code: "sql`SELECT b.id FROM ${bets} b\n  LEFT JOIN orders o ON o.id = b.order_id`",
      errors: [{ ...refused("orders", "orders"), line: 2, column: 13 }],
    },
    { code: 'sql<number>`DELETE FROM "sms_codes" WHERE id = ${id}`', errors: [refused("sms_codes", "smsCodes")] },
    {
      code: "sql`UPDATE OR IGNORE users SET level = 1 WHERE users.id = ${id}`",
      errors: [refused("users", "users"), refused("users", "users")],
    },
    // sql.raw's text, as a string or a template, and a table's bare name given to it
    {
      code: 'sql.raw("FROM audit_log a LEFT JOIN users o ON o.id = a.actor_id")',
      errors: [
        { ...refused("audit_log", "auditLog"), column: 15 },
        { ...refused("users", "users"), column: 37 },
      ],
    },
    {
      code: "sql.raw(`SELECT 1 FROM books_moves m WHERE m.id < ${x}`)",
      errors: [refused("books_moves", "booksMoves")],
    },
    {
      code: 'sql.raw("withdrawal_requests")',
      errors: [{ ...refused("withdrawal_requests", "withdrawalRequests"), column: 10 }],
    },
    // SQL's names are not case-sensitive
    { code: "sql`SELECT COUNT(*) FROM Rounds`", errors: [refused("Rounds", "rounds")] },
    // SQL as a plain string: given to D1's prepare or a room's exec (in any case), or kept for later (in capitals)
    {
      code: 'db.prepare("select id from users where users.id = ?")',
      errors: [
        { ...refusedInString("users", "users"), column: 28 },
        { ...refusedInString("users", "users"), column: 40 },
      ],
    },
    {
      code: "d1.prepare(`DELETE FROM player_moves WHERE user_id = ${id}`)",
      errors: [refusedInString("player_moves", "playerMoves")],
    },
    { code: 'this.sql.exec("UPDATE bets SET isaward = 1")', errors: [refusedInString("bets", "bets")] },
    {
      code: "const q = `SELECT 1 FROM ledger WHERE user_id = ${id}`;",
      errors: [{ ...refusedInString("ledger", "ledger"), column: 26 }],
    },
    {
      code: 'const statements = [`INSERT OR IGNORE INTO "users" (id) VALUES (1)`, "x"];',
      errors: [refusedInString("users", "users")],
    },
    {
      code: "const guard = `NOT EXISTS (SELECT 1 FROM ${t} JOIN audit_log a ON a.id = ${t}.id)`;",
      errors: [refusedInString("audit_log", "auditLog")],
    },
    // sql.raw of a constant: its text is read where the constant is written
    {
      code: 'const table = "withdrawal_requests";\nconst q = sql`SELECT 1 FROM ${sql.raw(table)}`;',
      errors: [{ ...refused("withdrawal_requests", "withdrawalRequests"), line: 1, column: 16 }],
    },
    {
      code: "const from = `audit_log`;\nsql.raw(from);",
      errors: [{ ...refused("audit_log", "auditLog"), line: 1, column: 15 }],
    },
    {
      code: 'const from = "FROM audit_log a";\nsql.raw(from);',
      errors: [{ ...refusedInString("audit_log", "auditLog"), line: 1, column: 20 }],
    },
    // a table's name in a const, reaching SQL text through the variable (one hop): refused where the const is written
    {
      code: 'const t = "users";\ndb.prepare("SELECT * FROM " + t);',
      errors: [{ ...refusedInString("users", "users"), line: 1, column: 12, endColumn: 17 }],
    },
    {
      code: "const table = `bets`;\nconst q = `DELETE FROM ${table} WHERE id = ${id}`;",
      errors: [{ ...refusedInString("bets", "bets"), line: 1, column: 16 }],
    },
    {
      code: 'const name = "audit_log";\nconst q = "SELECT id FROM " + name + " WHERE id = " + id;',
      errors: [{ ...refusedInString("audit_log", "auditLog"), line: 1, column: 15 }],
    },
    {
      code: 'const d = "sms_codes";\nconst q = `SELECT 1 FROM x JOIN ${d} s ON s.id = x.id WHERE ${d}.id > 0`;',
      errors: [{ ...refusedInString("sms_codes", "smsCodes"), line: 1, column: 12 }],
    },
    // text given to prepare through a const is SQL whatever its case
    {
      code: 'const q = "select id from ledger";\nd1.prepare(q);',
      errors: [{ ...refusedInString("ledger", "ledger"), line: 1, column: 27 }],
    },
  ],
});
