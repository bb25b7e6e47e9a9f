// The one description of every database's tables (drizzle-kit generates migrations/ from it): every database
// gets every migration (docs/decisions/161), and each kind of database names only its own tables in code
// (worker/db/client.ts, docs/decisions/176).
export * from "./schema/both";
export * from "./schema/control";
export * from "./schema/wallet";
