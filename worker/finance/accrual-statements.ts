import type { WalletDb } from "../db/client";
import { type SQL, sql } from "drizzle-orm";
import { financeReasonSql } from "../ledger/reasons";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { DAY_MS } from "#shared/days";
import { maturedLockupNoticesStatement } from "../notices/queries";
import { playerMoves, financeOrders, ledger, users } from "../db/schema";

// Interest and maturity of every active lock-up order (docs/product.md#finance), as a fixed set of set-based
// statements for ONE batch, like worker/room/rounds.ts settlementStatements: whatever the number of orders
// and missed days, the statements stay the same. Each reads only what the orders' own counters say is
// still owed (days after accrued_days, orders still active) and the orders are advanced last, so a
// second run, a doubled cron or a retry after a crash pays nothing twice; the ledger keys
// interest:<order>:<day> and principal:<order> would refuse a second payment anyway.

/** Full days of an order ended by `now`: MIN(days, floor((now - value date) / day)), value date = end - days. */
// D1 binds JS numbers as REAL: the CASTs keep the division an integer one.
const dueDays = (nowMs: number) =>
  sql`MIN(o.days, (CAST(${nowMs} AS INTEGER) - (o.end_at_ms - o.days * CAST(${DAY_MS} AS INTEGER))) / CAST(${DAY_MS} AS INTEGER))`;

/**
 * A player being moved between wallet shards (docs/decisions/161) is paid nothing until the move ends: their rows
 * are in two databases meanwhile, and the one that stays is the one the directory names; that shard's next run
 * pays what the days owe, as after any missed run.
 */
const notMoving = sql`NOT EXISTS (SELECT 1 FROM ${playerMoves} m WHERE m.user_id = o.user_id)`;

/** The owed rows: one per (order, day) of interest, or one per maturing order's principal. */
function owed(kind: "interest" | "principal", nowMs: number): SQL {
  if (kind === "principal") {
    return sql`owed AS (SELECT o.id AS order_id, o.user_id, 0 AS k, o.days, o.amount_cents AS cents
      FROM ${financeOrders} o WHERE o.status = 'active' AND o.end_at_ms <= ${nowMs} AND ${notMoving})`;
  }
  return sql`day_numbers(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM day_numbers
        WHERE k < (SELECT COALESCE(MAX(days), 0) FROM ${financeOrders} WHERE status = 'active')),
      owed AS (SELECT o.id AS order_id, o.user_id, day_numbers.k, o.days, (o.amount_cents * o.daily_rate_ppm) / 1000000 AS cents
        FROM ${financeOrders} o JOIN day_numbers ON day_numbers.k > o.accrued_days AND day_numbers.k <= ${dueDays(nowMs)}
        WHERE o.status = 'active' AND (o.amount_cents * o.daily_rate_ppm) / 1000000 > 0 AND ${notMoving})`;
}

/** The four statements of one kind: player rows, balances, house mirror rows, house balance. */
function movementStatements(db: WalletDb, kind: "interest" | "principal", nowMs: number) {
  const cte = sql`WITH RECURSIVE ${owed(kind, nowMs)}`;
  const key = kind === "interest" ? sql`'interest:' || p.order_id || ':' || p.k` : sql`'principal:' || p.order_id`;
  const reason = financeReasonSql(kind);
  // Several rows of one player in one statement: each row's "before" includes the rows written before it.
  const earlierOfPlayer = sql`COALESCE(SUM(cents) OVER (PARTITION BY user_id ORDER BY order_id, k ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)`;
  const earlierOfAll = sql`COALESCE(SUM(cents) OVER (ORDER BY order_id, k ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)`;
  return [
    db.run(sql`${cte} INSERT INTO ${ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT p.user_id, p.cents, u.money_cents + p.earlier, u.money_cents + p.earlier + p.cents, ${kind}, ${reason.text}, ${reason.key}, ${reason.params},
        'finance:' || p.order_id, ${key}, ${nowMs}
      FROM (SELECT *, ${earlierOfPlayer} AS earlier FROM owed) AS p JOIN ${users} u ON u.id = p.user_id`),
    db.run(sql`${cte} UPDATE ${users} SET money_cents = money_cents + t.total
      FROM (SELECT user_id, SUM(cents) AS total FROM owed GROUP BY user_id) AS t WHERE ${users}.id = t.user_id`),
    db.run(sql`${cte} INSERT INTO ${ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT h.id, -p.cents, h.money_cents - p.earlier, h.money_cents - p.earlier - p.cents, ${kind}, ${reason.text}, ${reason.key}, ${reason.params},
        'finance:' || p.order_id, ${key} || ':house', ${nowMs}
      FROM (SELECT *, ${earlierOfAll} AS earlier FROM owed) AS p JOIN ${users} h ON h.id = ${HOUSE_USER_ID}`),
    db.run(sql`${cte} UPDATE ${users} SET money_cents = money_cents - (SELECT COALESCE(SUM(cents), 0) FROM owed)
      WHERE id = ${HOUSE_USER_ID} AND EXISTS (SELECT 1 FROM owed)`),
  ];
}

/**
 * Everything owed at `nowMs`: each missed day's interest, then the principal of orders whose last day
 * has ended with its notice to the player, then the orders' counters (last). Statement 0 counts
 * interest rows, 4 principal rows.
 */
export function accrualStatements(db: WalletDb, nowMs: number) {
  return [
    ...movementStatements(db, "interest", nowMs),
    ...movementStatements(db, "principal", nowMs),
    maturedLockupNoticesStatement(db, nowMs),
    db.run(sql`UPDATE ${financeOrders} AS o SET accrued_days = MAX(o.accrued_days, ${dueDays(nowMs)}),
        status = CASE WHEN o.end_at_ms <= ${nowMs} THEN 'matured' ELSE 'active' END
      WHERE o.status = 'active' AND (${dueDays(nowMs)} > o.accrued_days OR o.end_at_ms <= ${nowMs}) AND ${notMoving}`),
  ];
}
