// Operator roles (docs/decisions/060-operator-sign-in.md): least privilege, each role including the ones
// before it. Every /api/admin path names the least role it needs in ADMIN_ROUTE_ROLES, and one middleware
// (worker/api/admin-guard.ts) checks it: a path missing from the table is refused, never open by default.
export const OPERATOR_ROLES = ["viewer", "cashier", "manager", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const isOperatorRole = (value: unknown): value is OperatorRole => OPERATOR_ROLES.includes(value as OperatorRole);

/** A role as the database holds it (a text column), read into the union: anything else is no role (null). */
export const operatorRoleOf = (value: string | null | undefined): OperatorRole | null =>
  isOperatorRole(value) ? value : null;

/** Whether an operator holding `held` may do what needs `needed`; an unknown role may do nothing. */
export function roleAllows(held: string | null | undefined, needed: OperatorRole): boolean {
  return isOperatorRole(held) && OPERATOR_ROLES.indexOf(held) >= OPERATOR_ROLES.indexOf(needed);
}

/** "public": no session (signing in). Paths are lower case, as the API matches them. */
export const ADMIN_ROUTE_ROLES: Record<string, OperatorRole | "public"> = {
  "/api/admin/login": "public",
  "/api/admin/enrol/start": "public",
  "/api/admin/enrol/confirm": "public",
  "/api/admin/me": "viewer",
  "/api/admin/logout": "viewer",
  // every operator changes their own password
  "/api/admin/password": "viewer",
  // reads
  "/api/admin/players": "viewer",
  "/api/admin/players/get": "viewer",
  "/api/admin/protection": "viewer",
  "/api/admin/adjustments": "viewer",
  "/api/admin/adjustments/history": "viewer",
  "/api/admin/rounds/board": "viewer",
  "/api/admin/deposits": "viewer",
  "/api/admin/withdrawals": "viewer",
  "/api/admin/payments": "viewer",
  "/api/admin/rooms": "viewer",
  "/api/admin/rooms/get": "viewer",
  "/api/admin/games": "viewer",
  "/api/admin/rounds": "viewer",
  "/api/admin/totals": "viewer",
  "/api/admin/audit": "viewer",
  "/api/admin/articles": "viewer",
  "/api/admin/articles/get": "viewer",
  "/api/admin/articles/preview": "viewer",
  "/api/admin/banners": "viewer",
  "/api/admin/settings": "viewer",
  "/api/admin/products": "viewer",
  "/api/admin/productorders": "viewer",
  // insight: the books check, the books per day, charts, markers of harm, exports (each export audited)
  "/api/admin/books": "viewer",
  "/api/admin/books/check": "viewer",
  "/api/admin/books/days": "viewer",
  "/api/admin/books/days/export": "viewer",
  "/api/admin/charts": "viewer",
  "/api/admin/risk": "viewer",
  "/api/admin/risk/player": "viewer",
  "/api/admin/export": "viewer",
  // money desk: approvals, adjustments within the four-eyes limits, protecting a player's account
  "/api/admin/deposits/approve": "cashier",
  "/api/admin/deposits/reject": "cashier",
  "/api/admin/withdrawals/approve": "cashier",
  "/api/admin/withdrawals/reject": "cashier",
  "/api/admin/adjust": "cashier",
  "/api/admin/adjustments/approve": "cashier",
  "/api/admin/adjustments/reject": "cashier",
  // the requester withdraws their own queued credit or debit (only theirs: worker/wallet/adjustments.ts)
  "/api/admin/adjustments/cancel": "cashier",
  "/api/admin/players/freeze": "cashier",
  "/api/admin/players/unfreeze": "cashier",
  "/api/admin/players/revoke-sessions": "cashier",
  "/api/admin/risk/interact": "cashier",
  // running the product: rooms, rounds, content, settings, finance tiers, a player's new password
  "/api/admin/players/reset-password": "manager",
  "/api/admin/rooms/update": "manager",
  "/api/admin/rooms/template": "manager",
  "/api/admin/rooms/create": "manager",
  "/api/admin/rounds/void": "manager",
  "/api/admin/articles/save": "manager",
  "/api/admin/articles/delete": "manager",
  "/api/admin/banners/upload": "manager",
  "/api/admin/banners/save": "manager",
  "/api/admin/banners/delete": "manager",
  "/api/admin/settings/update": "manager",
  // a change of a money setting, or a banner leading outside the site, waits for a second admin
  // (worker/settings/setting-requests.ts); a manager withdraws their own, an admin decides
  "/api/admin/settings/requests": "viewer",
  "/api/admin/settings/requests/reject": "manager",
  "/api/admin/settings/requests/approve": "admin",
  "/api/admin/products/update": "manager",
  "/api/admin/products/openmax": "manager",
  "/api/admin/finance/accrue": "manager",
  // operators and their roles
  "/api/admin/operators": "admin",
  "/api/admin/operators/create": "admin",
  "/api/admin/operators/role": "admin",
  "/api/admin/operators/disable": "admin",
  "/api/admin/operators/enable": "admin",
  "/api/admin/operators/reset-authenticator": "admin",
  // creating, enabling, a higher role and a reset wait for a second admin (worker/operators/operator-requests.ts)
  "/api/admin/operators/requests": "admin",
  "/api/admin/operators/requests/approve": "admin",
  "/api/admin/operators/requests/reject": "admin",
};
