import { expect } from "vitest";
import { users, ledger, bets, rounds } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The contract as a client sees it (docs/architecture.md#the-contract), free of any runtime: the same flows run inside workerd
// against the Worker (tests/contract.test.ts) and from Node through a proxy-mode Worker (tests/pair/).

export type Answer<T = any> = { code: number; info: string; data: T & { errCode?: number; num?: number } };

export interface ContractClient {
  /** POST path with a JSON body; answers the envelope (HTTP 200 is checked). */
  call<T = any>(path: string, body?: unknown): Promise<Answer<T>>;
  /** Stores an SMS code for a phone as sms_send would: tests cannot read the text message. */
  plantSmsCode(quhao: string, phone: string, code: string): Promise<void>;
  /** The operator API where the operator works: the Worker itself (proxy mode forwards players' calls only). */
  operatorCall<T = any>(path: string, body?: unknown): Promise<Answer<T>>;
  /** The PEPPER of the Worker the operator signs in to (the seeded operator's TOTP secret derives from it). */
  pepper: string;
}

export function expectError(answer: Answer, errCode: number, code = 0) {
  expect(answer, JSON.stringify(answer)).toMatchObject({ code, data: { errCode } });
  expect(typeof answer.info).toBe("string");
  expect(answer.info.length).toBeGreaterThan(0);
}

export function expectOk(answer: Answer) {
  expect(answer.code, JSON.stringify(answer)).toBe(1);
}

/** The subset of D1 the book check needs: the Worker's env.DB or Miniflare's handle on it from Node. */
export interface SqlReader {
  prepare(sql: string): { first<T>(): Promise<T | null>; all<T>(): Promise<{ results: T[] }> };
}

/**
 * docs/product.md#money with docs/decisions/110: money = sum of ledger per user; all balances (house included)
 * plus the stakes in play (bets awaiting their draw, whose house side is booked once per round at
 * settlement) sum to zero; no player below zero; the house holds no row of a round still open.
 */
export async function expectBooksBalanced(db: SqlReader, control: SqlReader = db) {
  const mismatches = await db
    .prepare(
      `SELECT u.id, u.money_cents, COALESCE(SUM(l.amount_cents), 0) AS ledger
       FROM ${quotedTable(users)} u LEFT JOIN ${quotedTable(ledger)} l ON l.user_id = u.id GROUP BY u.id HAVING u.money_cents <> ledger`,
    )
    .all();
  expect(mismatches.results).toEqual([]);
  const total = await db
    .prepare(`SELECT COALESCE(SUM(money_cents), 0) AS total FROM ${quotedTable(users)}`)
    .first<{ total: number }>();
  const inPlay = await db
    .prepare(`SELECT COALESCE(SUM(stake_cents), 0) AS total FROM ${quotedTable(bets)} WHERE isaward = -1`)
    .first<{ total: number }>();
  expect(total!.total + inPlay!.total).toBe(0);
  const negative = await db
    .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(users)} WHERE money_cents < 0 AND role <> 'house'`)
    .first<{ n: number }>();
  expect(negative!.n).toBe(0);
  // The rounds are the control database's (a wallet shard's books name them by id, docs/decisions/161).
  // a round drawn and still being paid shard by shard is open with its draw time set: its paid shards hold
  // their house rows already (docs/decisions/161)
  const open = await control
    .prepare(`SELECT id FROM ${quotedTable(rounds)} WHERE status = 'open' AND drawn_at_ms IS NULL`)
    .all<{ id: number }>();
  const openRefs = open.results.map((r) => `'round:${r.id}'`).join(", ");
  const openRoundHouseRows = openRefs
    ? await db
        .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(ledger)} WHERE user_id = 1 AND ref IN (${openRefs})`)
        .first<{ n: number }>()
    : { n: 0 };
  expect(openRoundHouseRows!.n).toBe(0);
}
