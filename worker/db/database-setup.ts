import { idRangeStatements } from "./id-ranges";
import { quotedTable } from "./quoted-table";
import { accountDirectory, users } from "./schema";

// What every database needs after its migrations and before any account (scripts/migrate.mjs, the tests): rows
// the schema cannot hold because they differ per database, none of them demo data. Idempotent: run on every
// `npm run db:migrate`. A deployment gets them without `npm run db:seed`, whose demo operators and player must
// never reach production (docs/deploying.md).

/** The house account's id in every wallet shard, and in the directory so no account ever takes it. */
const HOUSE_ID = 1;

/** The control database: the directory keeps id 1 for the house, so the first operator created is never id 1. */
export function controlSetupStatements(nowMs: number): string[] {
  return [
    `INSERT OR IGNORE INTO ${quotedTable(accountDirectory)} (id, username, quhao, phone, shard, created_at_ms)
      VALUES (${HOUSE_ID}, 'house', '', '', NULL, ${nowMs})`,
  ];
}

/**
 * A wallet shard: its ids from a range of its own (worker/db/id-ranges.ts) and its own house account, the other
 * side of every movement in the shard, so the shard's books sum to zero (docs/decisions/161). The house can
 * never sign in: no hash matches "!".
 */
export function walletSetupStatements(shard: number, nowMs: number): string[] {
  return [
    ...idRangeStatements(shard),
    `INSERT OR IGNORE INTO ${quotedTable(users)} (id, username, nickname, role, password_hash, created_at_ms)
      VALUES (${HOUSE_ID}, 'house', 'house', 'house', '!', ${nowMs})`,
  ];
}
