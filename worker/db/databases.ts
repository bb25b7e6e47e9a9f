import { type ControlDb, type WalletDb, controlHandle, walletHandle } from "./client";
import { walletBindings } from "./shards";

// The one way to get a database handle (docs/decisions/176, docs/architecture.md#the-databases). An API call
// gets its Databases from the `databases` middleware (worker/api/databases.ts) as `c.var.db`, each database in
// the call's D1 session (worker/db/read-sessions.ts); cron, rooms and scripts build theirs over the bindings
// with databasesOf(env). The env itself is never rebound.

/** A database reached two ways: in the call's session (its reads may come from a replica), and at its primary. */
export type Reach = { session: D1Database; primary: D1Database };

export type Databases = {
  /** The control database, in the call's session. */
  control: ControlDb;
  /** The control database at its primary: who is signed in (a session just made or revoked) is never read from a replica. */
  controlPrimary: ControlDb;
  /** Every wallet shard in the call's session, in shard order (the console's reads across shards, docs/decisions/161). */
  wallets: WalletDb[];
  /** One wallet shard in the call's session; a shard the deployment does not bind is a broken directory row, never a guess. */
  wallet(shard: number): WalletDb;
  /** One wallet shard at its primary: sign-in, registration, sessions and the money a room writes. */
  walletPrimary(shard: number): WalletDb;
};

function shardOf<T>(all: T[], shard: number): T {
  const found = all[shard];
  if (found === undefined) throw new Error(`wallet shard ${shard} is not bound (DB_WALLET_${shard})`);
  return found;
}

/** The handles over a control database and its shards, each reached in a session and at its primary. */
export function databasesOver(control: Reach, shards: Reach[]): Databases {
  const wallets = shards.map((reach) => walletHandle(reach.session));
  const primaries = shards.map((reach) => walletHandle(reach.primary));
  return {
    control: controlHandle(control.session),
    controlPrimary: controlHandle(control.primary),
    wallets,
    wallet: (shard) => shardOf(wallets, shard),
    walletPrimary: (shard) => shardOf(primaries, shard),
  };
}

/** Cron, rooms and scripts: every database over its binding, which is its own primary. */
export function databasesOf(env: Env): Databases {
  const direct = (d1: D1Database): Reach => ({ session: d1, primary: d1 });
  return databasesOver(direct(env.DB), walletBindings(env).map(direct));
}
