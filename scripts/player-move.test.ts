import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localD1 } from "./lib/local-d1.mjs";
import {
  users as usersTable,
  ledger as ledgerTable,
  financeOrders,
  depositRequests,
  sessions as sessionsTable,
  auditLog,
  playerMoves,
  booksMoves,
  bets,
  accountDirectory,
} from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// `npm run player -- move` end to end (docs/deploying.md#moving-a-player): scripts/player.mjs drives
// worker/players/move.ts through wrangler's local bindings (scripts/lib/local-d1.mjs) against local databases prepared
// as the end-to-end runner prepares them (tests/support/local-server.mjs), in wrangler.toml's "loadtest" environment,
// whose four wallet shards are databases of their own. No `wrangler dev` runs: a second runtime on the files a
// running server serves breaks that server's connections. Each runtime takes a second or two, so the checks are batched.

const DEMO = 3; // the seeded demo01 (worker/seed/seed.ts), in shard 0
const HOUSE = 1;
const state = mkdtempSync(join(tmpdir(), "player-move-"));
const env = { ...process.env, PERSIST_TO: state, WRANGLER_ENV: "loadtest" };

type Run = { code: number | null; stdout: string; stderr: string };

/** A command with the test's databases, its output kept (async: vitest's worker keeps answering meanwhile). */
function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const player = (...args: string[]) => run("node", ["scripts/player.mjs", ...args]);

type Row = Record<string, unknown>;

/**
 * The local databases, read or written between two runs of the script (never while one runs: two runtimes on one
 * database's files break each other's connections): wrangler's local bindings in this process for the time of `work`.
 */
async function databases<T>(work: (query: Query) => Promise<T>): Promise<T> {
  const local = await localD1({ environment: "loadtest", persistTo: state });
  try {
    return await work(async (binding, sql) => {
      const db = local.env[binding];
      const statements = sql
        .split(";\n")
        .map((s) => s.trim())
        .filter(Boolean);
      return (await db.batch(statements.map((s) => db.prepare(s)))).map((r) => (r.results ?? []) as Row[]);
    });
  } finally {
    await local.dispose();
  }
}

/** Statements (separated by ";" and a new line) in one batch on one database: each one's rows. */
type Query = (binding: string, sql: string) => Promise<Row[][]>;

/** The demo player's rows that move, whole, and the shard's books: one call per database. */
const shardSql = `
  SELECT * FROM ${quotedTable(usersTable)} WHERE id = ${DEMO};
  SELECT * FROM ${quotedTable(ledgerTable)} WHERE user_id = ${DEMO} ORDER BY id;
  SELECT * FROM ${quotedTable(financeOrders)} WHERE user_id = ${DEMO} ORDER BY id;
  SELECT * FROM ${quotedTable(depositRequests)} WHERE user_id = ${DEMO} ORDER BY id;
  SELECT * FROM ${quotedTable(sessionsTable)} WHERE user_id = ${DEMO} ORDER BY id;
  SELECT * FROM ${quotedTable(auditLog)} WHERE target IN (SELECT 'deposit:' || id FROM ${quotedTable(depositRequests)} WHERE user_id = ${DEMO})
    OR target = 'user:${DEMO}' ORDER BY id;
  SELECT * FROM ${quotedTable(playerMoves)};
  SELECT key, user_id, direction, balance_cents, finance_cents, ledger_id FROM ${quotedTable(booksMoves)} ORDER BY id;
  SELECT id, user_id, amount_cents, type, idempotency_key FROM ${quotedTable(ledgerTable)} WHERE type = 'move' ORDER BY id;
  SELECT (SELECT money_cents FROM ${quotedTable(usersTable)} WHERE id = ${HOUSE}) AS house,
    (SELECT COALESCE(SUM(money_cents), 0) FROM ${quotedTable(usersTable)}) AS balances,
    (SELECT COALESCE(SUM(stake_cents), 0) FROM ${quotedTable(bets)} WHERE isaward = -1) AS in_play,
    (SELECT COUNT(*) FROM ${quotedTable(usersTable)} u WHERE u.money_cents <>
      (SELECT COALESCE(SUM(l.amount_cents), 0) FROM ${quotedTable(ledgerTable)} l WHERE l.user_id = u.id)) AS off_ledger`;

type Shard = {
  user?: Row;
  ledger: Row[];
  finance: Row[];
  deposits: Row[];
  sessions: Row[];
  audit: Row[];
  markers: Row[];
  moves: Row[];
  moveRows: Row[];
  books: { house: number; balances: number; in_play: number; off_ledger: number };
};

async function shard(query: Query, index: number): Promise<Shard> {
  const [users, ledger, finance, deposits, sessions, audit, markers, moves, moveRows, [books]] = await query(
    `DB_WALLET_${index}`,
    shardSql,
  );
  return {
    user: users[0],
    ledger,
    finance,
    deposits,
    sessions,
    audit,
    markers,
    moves,
    moveRows,
    books: books as Shard["books"],
  };
}

/** The directory's entry of the demo player and the control database's record of moves. */
async function control(query: Query) {
  const [[entry], audit] = await query(
    "DB",
    `SELECT id, username, shard FROM ${quotedTable(accountDirectory)} WHERE id = ${DEMO};
     SELECT actor_id, action, target, before, after FROM ${quotedTable(auditLog)} WHERE action = 'player.move'`,
  );
  return { entry, audit };
}

const now = Date.now();
const DAY = 86_400_000;
const DEPOSIT = 100_000_00; // the primary tier's minimum (worker/seed/seed.ts), locked whole below

/** A change of the demo player's balance with the house's other side, as worker/ledger/ledger.ts writes it. */
type Reason = { key: string; params: object; text: string };
const balanceChange = (amount: number, type: string, key: string, ref: string, reason: Reason) =>
  [
    [DEMO, amount, key],
    [HOUSE, -amount, `${key}:house`],
  ].flatMap(([user, signed, rowKey]) => [
    `INSERT INTO ${quotedTable(ledgerTable)} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT id, ${signed}, money_cents, money_cents + ${signed}, '${type}', '${reason.text}', '${reason.key}',
        '${JSON.stringify(reason.params)}', ${ref}, '${rowKey}', ${now} FROM ${quotedTable(usersTable)} WHERE id = ${user}`,
    `UPDATE ${quotedTable(usersTable)} SET money_cents = money_cents + ${signed} WHERE id = ${user}`,
  ]);

const depositId = `(SELECT id FROM ${quotedTable(depositRequests)} WHERE idempotency_key = 'move-test-deposit')`;

describe("npm run player -- move, through wrangler", () => {
  let before: Shard;

  beforeAll(async () => {
    const prepared = await run("node", ["scripts/prepare-local.mjs", "--from-snapshot"]);
    expect(prepared.code, prepared.stdout + prepared.stderr).toBe(0);
    // The seed gives demo01 an opening balance only: a signed-in session and a deposit awaiting an operator join it.
    before = await databases(async (query) => {
      await query(
        "DB_WALLET_0",
        [
          `INSERT INTO ${quotedTable(sessionsTable)} (user_id, token_hash, created_at_ms, expires_at_ms) VALUES (${DEMO}, 'move-test-session', ${now}, ${now + DAY})`,
          `INSERT INTO ${quotedTable(depositRequests)} (user_id, amount_cents, status, idempotency_key, created_at_ms, pay_name)
          VALUES (${DEMO}, ${DEPOSIT}, 'pending', 'move-test-deposit', ${now}, 'Demo Player')`,
        ].join(";\n"),
      );
      return shard(query, 0);
    });
  }, 600_000);

  afterAll(() => rmSync(state, { recursive: true, force: true }));

  it("refuses a move it cannot make, changing nothing", async () => {
    const [pending, unknown, noShard] = [
      await player("move", "demo01", "2"),
      await player("move", "nobody-here", "2"),
      await player("move", "demo01", "9"),
    ];
    expect(pending.code).toBe(1);
    expect(pending.stderr).toContain("Not moved: The player has 1 request(s) awaiting an operator: decide them first.");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Not moved: No account is named nobody-here.");
    // a shard wrangler.toml does not bind is an argument the script reads before any database (exit 2, its usage)
    expect(noShard.code).toBe(2);
    expect(noShard.stderr).toContain("There is no shard 9: wrangler.toml binds 4 (DB_WALLET_0 to DB_WALLET_3).");
    const [after, directory] = await databases((query) => Promise.all([shard(query, 0), control(query)]));
    expect(after).toEqual(before);
    expect(directory).toEqual({ entry: { id: DEMO, username: "demo01", shard: 0 }, audit: [] });
  }, 300_000);

  it("moves demo01 with their history from shard 0 to shard 2, once", async () => {
    // The operator approves the deposit (worker/wallet/decisions.ts) and demo01 locks it in the primary tier
    // (worker/finance/transfer-in.ts): history worth moving, a lock-up among it.
    const source = await databases(async (query) => {
      await query(
        "DB_WALLET_0",
        [
          `UPDATE ${quotedTable(depositRequests)} SET status = 'approved', decided_at_ms = ${now}, decided_by = 2 WHERE id = ${depositId}`,
          ...balanceChange(DEPOSIT, "topup", "deposit:1", `'deposit:1'`, {
            key: "deposit",
            params: { id: 1 },
            text: "Deposit #1",
          }),
          `INSERT INTO ${quotedTable(auditLog)} (actor_id, action, target, before, after, created_at_ms)
          SELECT 2, 'deposit.approve', 'deposit:' || ${depositId}, '{"status":"pending"}', '{"status":"approved"}', ${now}`,
          `INSERT INTO ${quotedTable(financeOrders)} (user_id, product_id, name_key, amount_cents, daily_rate_ppm, days, start_at_ms, end_at_ms, accrued_days, status, idempotency_key)
          VALUES (${DEMO}, 1, 'primary', ${DEPOSIT}, 1500, 15, ${now}, ${now + 15 * DAY}, 0, 'active', 'move-test-lock')`,
          ...balanceChange(-DEPOSIT, "stake", "stake:move-test-lock", `'finance:move-test-lock'`, {
            key: "financeLockup",
            params: { product: "primary", days: 15 },
            text: "Finance lock-up · Primary, 15 days",
          }),
        ].join(";\n"),
      );
      return shard(query, 0);
    });
    expect(source.deposits.map((d) => d.id)).toEqual([1]); // the key "deposit:1" above names it
    expect(source.ledger).toHaveLength(3);
    expect(source.finance).toHaveLength(1);
    expect(source.audit).toHaveLength(1);
    const balance = source.user!.money_cents as number;
    expect(balance).toBe(10_000_00);
    expect(source.books).toEqual({ house: -balance, balances: 0, in_play: 0, off_ledger: 0 });

    const moved = await player("move", "demo01", "2");
    expect(moved.code, moved.stdout + moved.stderr).toBe(0);
    const lines = moved.stdout.trim().split("\n");
    expect(lines[0]).toBe("demo01 (id 3) moved from shard 0 to shard 2 in the local databases.");
    expect(lines[1]).toMatch(/^Rows copied: /);
    for (const part of ["users 1", "ledger 3", "finance_orders 1", "deposit_requests 1", "sessions 1", "audit_log 1"])
      expect(lines[1]).toContain(part);
    expect(lines[2]).toBe("Their sessions ended: they sign in again.");

    // three databases read side by side
    const [directory, left, arrived] = await databases((query) =>
      Promise.all([control(query), shard(query, 0), shard(query, 2)]),
    );
    expect(directory.entry).toEqual({ id: DEMO, username: "demo01", shard: 2 });
    expect(directory.audit).toEqual([
      { actor_id: null, action: "player.move", target: `user:${DEMO}`, before: '{"shard":0}', after: '{"shard":2}' },
    ]);

    // shard 0 keeps none of the player's rows; its house took the balance back, so it holds nothing now
    expect(left.user).toBeUndefined();
    expect([left.ledger, left.finance, left.deposits, left.sessions, left.audit, left.markers]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(left.books).toEqual({ house: 0, balances: 0, in_play: 0, off_ledger: 0 });

    // shard 2 holds them with the same ids, unfrozen, signed out, the balance equal to the ledger's sum
    expect(arrived.ledger).toEqual(source.ledger);
    expect(arrived.finance).toEqual(source.finance);
    expect(arrived.deposits).toEqual(source.deposits);
    expect(arrived.audit).toEqual(source.audit);
    expect(arrived.sessions.map((s) => s.id)).toEqual(source.sessions.map((s) => s.id));
    expect(arrived.sessions.every((s) => typeof s.revoked_at_ms === "number")).toBe(true);
    expect(arrived.user).toMatchObject({ id: DEMO, username: "demo01", money_cents: balance, frozen: 0 });
    expect(arrived.markers).toEqual([]);
    expect(arrived.books).toEqual({ house: -balance, balances: 0, in_play: 0, off_ledger: 0 });

    // the books per day: the move out of shard 0 and into shard 2 with one balance and the lock-up, each side
    // with its house row
    const side = (s: Shard, direction: string, amount: number) => {
      expect(s.moves).toEqual([
        expect.objectContaining({ user_id: DEMO, direction, balance_cents: balance, finance_cents: DEPOSIT }),
      ]);
      expect(s.moveRows).toEqual([expect.objectContaining({ user_id: HOUSE, amount_cents: amount, type: "move" })]);
      expect(s.moves[0].ledger_id).toBe(s.moveRows[0].id);
      expect(s.moveRows[0].idempotency_key).toBe(`${s.moves[0].key}:house`);
    };
    side(left, "out", balance);
    side(arrived, "in", -balance);

    const again = await player("move", "demo01", "2");
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe("demo01 is in shard 2 already (the local databases).");
    expect(await databases((query) => shard(query, 2))).toEqual(arrived);
  }, 900_000);
});
