// Reads from D1's read replicas through the Sessions API (docs/decisions/160). Every API request runs in
// one D1 session: money writes and the reads that decide them start at the primary ("first-primary");
// the paths below (lists, history, reports, the console's screens, where a second's lag is harmless) start
// anywhere ("first-unconstrained"), or at the caller's bookmark so that a player always reads their own
// writes. The session's bookmark goes back with the answer (header x-d1-bookmark; the Worker keeps it in
// a cookie for pages).

export const BOOKMARK_HEADER = "x-d1-bookmark";
export const READ_MODE_HEADER = "x-d1-read";

export type ReadMode = "primary" | "replica";

/** Lower-cased API paths that only read, and whose reader is served as well by a second-old copy. */
const REPLICA_READ_PATHS = new Set([
  // public content and results
  "/api/game/getarticledetail",
  "/api/game/getarticlelist",
  "/api/game/getoneclassarticle",
  "/api/game/slide",
  "/api/game/getgamelist",
  "/api/game/getroomlist",
  "/api/game/getgamelog",
  "/api/game/getgamelog2",
  "/api/game/gettrenddata",
  "/api/game/getround",
  "/api/game/getproductlist",
  // a player's own lists and history (their bookmark shows them their own writes)
  "/api/game/getfinanceflow",
  "/api/game/getstatement",
  "/api/game/getrechargelist",
  "/api/game/getwithdrawlist",
  "/api/game/getbankcardlist",
  "/api/game/getproductorders",
  "/api/game/getnotices",
  "/api/game/getnoticecount",
  "/api/game/getvorder",
  "/api/game/todaywinlost",
  // the console's lists, reports and files (every decision re-reads what it decides on at the primary)
  "/api/admin/adjustments",
  "/api/admin/adjustments/history",
  "/api/admin/articles",
  "/api/admin/articles/get",
  "/api/admin/audit",
  "/api/admin/banners",
  "/api/admin/charts",
  "/api/admin/deposits",
  "/api/admin/withdrawals",
  "/api/admin/games",
  "/api/admin/operators",
  "/api/admin/players",
  "/api/admin/players/get",
  "/api/admin/productorders",
  "/api/admin/products",
  "/api/admin/protection",
  "/api/admin/risk",
  "/api/admin/risk/player",
  "/api/admin/rooms",
  "/api/admin/rooms/get",
  "/api/admin/rooms/template",
  "/api/admin/rounds",
  "/api/admin/rounds/board",
  "/api/admin/settings",
  "/api/admin/totals",
]);

export function readModeOf(path: string): ReadMode {
  return REPLICA_READ_PATHS.has(path.toLowerCase()) ? "replica" : "primary";
}

/** The paths that read from replicas, for the route table test and the docs. */
export const replicaReadPaths = (): string[] => [...REPLICA_READ_PATHS];

/** The later of two bookmarks: D1 bookmarks are fixed-width hex counters, so the later one is the greater string. */
export const laterBookmark = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);

/** A bookmark as D1 writes them (hex groups and dashes); anything else is ignored, never passed to D1. */
export function bookmarkOf(value: string | null | undefined): string | null {
  return value && /^[0-9a-zA-Z-]{1,256}$/.test(value) ? value : null;
}

/**
 * A statement that changes money or what decides it, wherever the write sits in it (after a WITH, a
 * comment, an OR IGNORE): never run by a request that reads from replicas.
 */
const MONEY_WRITE =
  /\b(insert(\s+or\s+\w+)?\s+into|replace\s+into|update(\s+or\s+\w+)?|delete\s+from)\s+["'`]?(users|ledger|orders|bets|deposit_requests|withdrawal_requests|solo_adjustments|adjustment_requests|finance_orders|finance_products|rounds|settings|bank_cards|play_limits|operator_requests)\b/i;

export class MoneyWriteInReplicaRead extends Error {}

export type RequestSession = {
  /** The database for the request's whole life (drizzle takes it as its client, worker/db/databases.ts). */
  binding: D1Database;
  mode: ReadMode;
  bookmark: () => string | null;
};

/**
 * The request's D1 session. A replica read that tries to write money fails loudly (a route in the
 * list above that should not be there), so the rule "money writes stay on the primary" holds by
 * construction, not by review.
 */
export function openSession(d1: D1Database, path: string, callerBookmark: string | null): RequestSession {
  const mode = readModeOf(path);
  const session = d1.withSession(mode === "primary" ? "first-primary" : (callerBookmark ?? "first-unconstrained"));
  const guarded = {
    prepare(query: string) {
      if (mode === "replica" && MONEY_WRITE.test(query))
        throw new MoneyWriteInReplicaRead(`money write in a replica read: ${path}`);
      return session.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => session.batch(statements),
    exec: () => Promise.reject(new Error("exec is not available in a request's D1 session")),
    withSession: () => {
      throw new Error("a request's D1 session opens no other session");
    },
    dump: () => Promise.reject(new Error("dump is not available in a request's D1 session")),
  };
  return { binding: guarded as unknown as D1Database, mode, bookmark: () => session.getBookmark() };
}
