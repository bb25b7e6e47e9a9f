import type { ControlDb } from "../db/client";
import { sql, type SQL } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { OPERATOR_ROLES, type OperatorRole } from "#shared/operators/roles";
import { users } from "../db/schema";

// Four eyes cannot be emptied (docs/decisions/167-money-settings-four-eyes.md): no change of an operator (a lower
// role, disabling, an authenticator reset) may leave fewer than two active operators able to give each kind of
// approval. An active operator is enabled and enrolled (they can sign in). The kinds, each by the least role
// that gives it: an admin's (requests about operators and money settings, 1241) and a cashier's or above (the
// money desk's second approvals of deposits, withdrawals and adjustments, 1242). A kind already short of two is
// not made shorter; a change that takes nobody out of a kind is never refused by it.

const KINDS = [
  { least: "admin", code: 1241 },
  { least: "cashier", code: 1242 },
] as const satisfies readonly { least: OperatorRole; code: number }[];

const rolesFrom = (least: OperatorRole) => OPERATOR_ROLES.slice(OPERATOR_ROLES.indexOf(least));
const inList = (roles: readonly string[]) =>
  sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );
const ACTIVE = sql`role = 'operator' AND frozen = 0 AND totp_secret IS NOT NULL`;

/** What the operator is after the change: their role, and whether they stay able to sign in. */
export type After = { role: OperatorRole | null; active: boolean };

/**
 * True while the change of operator `id` to `after` leaves two approvers of each kind. Read inside the
 * guarded statement on the operator's own row (its columns are the row's values before the write), so two
 * changes approved at once are checked one after the other and cannot both empty a kind.
 */
export function approversRemain(id: number, after: After): SQL {
  const kept = KINDS.map(({ least }) => {
    const roles = rolesFrom(least);
    if (after.active && after.role && roles.includes(after.role)) return sql`1`;
    return sql`NOT (${ACTIVE} AND coalesce(operator_role, '') IN (${inList(roles)}) AND (SELECT count(*) FROM ${users} WHERE ${ACTIVE} AND operator_role IN (${inList(roles)}) AND id <> ${id}) < 2)`;
  });
  return sql`(${sql.join(kept, sql` AND `)})`;
}

/** The refusal (1241, 1242) the change of `id` to `after` meets now, or null: read before writing, and after a guard aborted a batch. */
export async function approversRefusal(db: ControlDb, id: number, after: After) {
  const [row] = await db.all<{ role: string | null; active: number }>(
    sql`SELECT operator_role AS role, (${ACTIVE}) AS active FROM ${users} WHERE id = ${id}`,
  );
  if (!row?.active) return null;
  for (const { least, code } of KINDS) {
    const roles = rolesFrom(least);
    if (!roles.includes(row.role as OperatorRole)) continue;
    if (after.active && after.role && roles.includes(after.role)) continue;
    const [{ others }] = await db.all<{ others: number }>(
      sql`SELECT count(*) AS others FROM ${users} WHERE ${ACTIVE} AND operator_role IN (${inList(roles)}) AND id <> ${id}`,
    );
    if (others < 2) return new ProductError(code);
  }
  return null;
}

/** Refuses the change now when it would leave fewer than two approvers of a kind. */
export async function approversOrThrow(db: ControlDb, id: number, after: After) {
  const refusal = await approversRefusal(db, id, after);
  if (refusal) throw refusal;
}
