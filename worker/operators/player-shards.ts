import type { ControlDb, WalletDb } from "../db/client";
import type { Databases } from "../db/databases";
import { eq } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { shardOfId } from "../db/id-ranges";
import { shardOfPlayer } from "../db/every-shard";
import type { adjustmentRequests, depositRequests, withdrawalRequests } from "../db/schema";

// Where a console decision writes (docs/decisions/161): a player's rows, their money move and its audit row
// are in the player's wallet shard, in one batch there; the operator, their role, the settings and the
// allowance of what they move alone are in the control database.

/** The two databases a decision on one player touches. */
export type PlayerBooks = { control: ControlDb; wallet: WalletDb; shard: number };

/** The player's shard, named by the directory; an operator, the house or no account is 1002. */
export async function playerBooks(dbs: Databases, userId: number): Promise<PlayerBooks> {
  const control = dbs.control;
  const shard = await shardOfPlayer(control, userId);
  if (shard === undefined) throw new ProductError(1002);
  return { control, wallet: dbs.wallet(shard), shard };
}

/** The player's requests and adjustment requests: what a console decision names by its id. */
export type RequestTable = typeof depositRequests | typeof withdrawalRequests | typeof adjustmentRequests;

/**
 * The shard of a request named by its id: the shard whose id range it is from is asked first, then the others
 * (a moved player's rows keep their ids). The copy that counts is in the shard the directory names for the
 * request's player, so a copy left behind by an unfinished move is never decided. No such request is 1088.
 */
export async function requestBooks(dbs: Databases, table: RequestTable, id: number): Promise<PlayerBooks> {
  const control = dbs.control;
  const count = dbs.wallets.length;
  const first = shardOfId(id);
  const order = [first, ...Array.from({ length: count }, (_, s) => s).filter((s) => s !== first)].filter(
    (s) => s < count,
  );
  for (const shard of order) {
    const row = await dbs.wallet(shard).select({ userId: table.userId }).from(table).where(eq(table.id, id)).get();
    if (!row) continue;
    const home = (await shardOfPlayer(control, row.userId)) ?? shard;
    return { control, wallet: dbs.wallet(home), shard: home };
  }
  throw new ProductError(1088);
}
