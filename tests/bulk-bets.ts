import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { roomStub } from "../worker/room/routing";
import { defaultRatesMilli } from "#shared/games/options";
import { walletDatabases } from "./shard-helpers";
import { accountDirectory, users as usersTable, ledger, orders as ordersTable, bets } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

/**
 * `users` players named `<prefix><n>` with 500.00 each (ledger rows and house mirror included) and one
 * order of `perOrder` bets each on the given round, all written set-based with the same before/after
 * rules as the app: a stake writes only the player's rows (its house side is booked at settlement,
 * docs/decisions/110). Shared by tests/settlement.test.ts and the settlement benchmark.
 */
export async function insertBulkBets(roomId: number, roundId: number, users: number, perOrder: number, prefix: string) {
  const now = Date.now();
  const rates = defaultRatesMilli(4);
  const mine = `${prefix}%`;
  const orders = `${prefix}-%`;
  // ids from the directory in the control database, as every account's (docs/decisions/161)
  const { results: accounts } = await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
    INSERT INTO ${quotedTable(accountDirectory)} (username, shard, created_at_ms) SELECT ?2 || i, 0, ?3 FROM n RETURNING id, username`,
  )
    .bind(users, prefix, now)
    .all<{ id: number; username: string }>();
  // these players live in shard 0, their orders and bets with them
  const shard = walletDatabases()[0];
  await shard.batch([
    shard
      .prepare(
        `INSERT INTO ${quotedTable(usersTable)} (id, username, nickname, password_hash, level, money_cents, created_at_ms)
      SELECT json_extract(value, '$.id'), json_extract(value, '$.username'), json_extract(value, '$.username'), '!', 2, 0, ?2
      FROM json_each(?1)`,
      )
      .bind(JSON.stringify(accounts), now),
    shard
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
      SELECT id, 50000, 0, 50000, 'topup', 'bulk', ?1 || '-topup:' || id, ?2 FROM ${quotedTable(usersTable)} WHERE username LIKE ?3`,
      )
      .bind(prefix, now, mine),
    shard
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
      SELECT 1, -50000 * ?1, money_cents, money_cents - 50000 * ?1, 'topup', 'bulk', ?2 || '-topup:house', ?3 FROM ${quotedTable(usersTable)} WHERE id = 1`,
      )
      .bind(users, prefix, now),
    shard
      .prepare(`UPDATE ${quotedTable(usersTable)} SET money_cents = money_cents - 50000 * ? WHERE id = 1`)
      .bind(users),
    shard.prepare(`UPDATE ${quotedTable(usersTable)} SET money_cents = 50000 WHERE username LIKE ?`).bind(mine),
    // a placeholder total (orders_total_positive): the real one is set below
    shard
      .prepare(
        `INSERT INTO ${quotedTable(ordersTable)} (ordersn, user_id, room_id, round_id, total_cents, status, created_at_ms)
      SELECT ?1 || '-' || id, id, ?2, ?3, 1, 'placed', ?4 FROM ${quotedTable(usersTable)} WHERE username LIKE ?5`,
      )
      .bind(prefix, roomId, roundId, now, mine),
    shard
      .prepare(
        `WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ?1)
      INSERT INTO ${quotedTable(bets)} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, created_at_ms)
      SELECT o.id, o.user_id, o.round_id, (o.user_id * 7 + k.j * 8) % 40, ?2, 100 * (1 + (o.user_id + k.j) % 50), ?3
      FROM ${quotedTable(ordersTable)} o, k WHERE o.round_id = ?4 AND o.ordersn LIKE ?5`,
      )
      .bind(perOrder - 1, rates[0], now, roundId, orders),
    shard
      .prepare(
        `UPDATE ${quotedTable(ordersTable)} SET total_cents = (SELECT SUM(stake_cents) FROM ${quotedTable(bets)} WHERE ${quotedTable(bets)}.order_id = ${quotedTable(ordersTable)}.id)
      WHERE round_id = ? AND ordersn LIKE ?`,
      )
      .bind(roundId, orders),
    shard
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, ref, idempotency_key, created_at_ms)
      SELECT o.user_id, -o.total_cents, u.money_cents, u.money_cents - o.total_cents, 'bet', 'bulk', o.ordersn, 'bet:' || o.ordersn, ?1
      FROM ${quotedTable(ordersTable)} o JOIN ${quotedTable(usersTable)} u ON u.id = o.user_id WHERE o.round_id = ?2 AND o.ordersn LIKE ?3`,
      )
      .bind(now, roundId, orders),
    shard
      .prepare(
        `UPDATE ${quotedTable(usersTable)} SET money_cents = money_cents - (SELECT total_cents FROM ${quotedTable(ordersTable)} WHERE ${quotedTable(ordersTable)}.user_id = ${quotedTable(usersTable)}.id AND round_id = ?1)
      WHERE username LIKE ?2`,
      )
      .bind(roundId, mine),
  ]);
  // The room pays a round in the shards it saw orders for (docs/decisions/161): these bets are in shard 0.
  await runInDurableObject(roomStub(env, roomId), (_room, state) => {
    state.storage.sql.exec("INSERT OR IGNORE INTO round_shards (round_id, shard) VALUES (?, 0)", roundId);
  });
}
