// The wallet shards (docs/decisions/161): DB_WALLET_0, DB_WALLET_1, ... each hold their players whole. The
// control database (DB) holds the directory that says which shard a player is in. A deployment that has one
// database binds DB_WALLET_0 to that same database (npm start does), and nothing changes for it.

/** At most this many shards: a player session token names its shard in its first byte, 0xff is the control database. */
const MAX_SHARDS = 255;
const CONTROL_TOKEN_BYTE = 0xff;

/** The wallet shards' bindings in order, DB_WALLET_0 up to the first index that is not bound. */
export function walletBindings(env: Env): D1Database[] {
  const bound = env as unknown as Record<string, D1Database | undefined>;
  const out: D1Database[] = [];
  for (let shard = 0; shard < MAX_SHARDS; shard++) {
    const binding = bound[`DB_WALLET_${shard}`];
    if (!binding) break;
    out.push(binding);
  }
  return out;
}

export function shardCount(env: Env): number {
  return walletBindings(env).length;
}

/**
 * A session token names where its session is stored: the first byte is the player's shard, 0xff the control
 * database (operators). The other 31 bytes are random, so a token still carries 248 random bits.
 */
export function tokenPrefix(shard: number | null): string {
  return (shard ?? CONTROL_TOKEN_BYTE).toString(16).padStart(2, "0");
}

/** The shard a token's session is stored in, or null for the control database (operators, and any byte past the shards). */
export function shardOfToken(token: string, count: number): number | null {
  const byte = Number.parseInt(token.slice(0, 2), 16);
  return Number.isInteger(byte) && byte < count ? byte : null;
}
