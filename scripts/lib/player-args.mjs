// The arguments of `npm run player` (scripts/player.mjs): read here, apart from wrangler, so a test can check them.

export const PLAYER_USAGE =
  "Usage: npm run player -- move <username> <shard> [--remote]\n       npm run player -- phones [--dry-run] [--remote]";

/**
 * `move <username> <shard> [--remote]`, the shard one of the `shardCount` wallet shards wrangler.toml binds.
 * Or `phones [--dry-run] [--remote]`: every stored phone rewritten in E.164, collisions reported (docs/decisions/168).
 * Returns the command asked for, or `{ problem }` in words for whoever typed it.
 */
export function parsePlayerArgs(argv, shardCount) {
  const flags = argv.filter((a) => a.startsWith("--"));
  const words = argv.filter((a) => !a.startsWith("--"));
  const [command, username, shard, ...extra] = words;
  const unknown = flags.filter((f) => f !== "--remote" && !(command === "phones" && f === "--dry-run"));
  if (unknown.length) return { problem: `Unknown option: ${unknown.join(", ")}.` };
  if (command === "phones") {
    if (words.length > 1) return { problem: `Unexpected: ${words.slice(1).join(" ")}.` };
    return { command, dryRun: flags.includes("--dry-run"), remote: flags.includes("--remote") };
  }
  if (command !== "move") return { problem: `Unknown command: ${command ?? "(none)"}.` };
  if (!username) return { problem: "Which player? Give their username." };
  if (shard === undefined) return { problem: "To which shard? Give its number." };
  if (extra.length) return { problem: `Unexpected: ${extra.join(" ")}.` };
  if (!/^\d+$/.test(shard)) return { problem: `The shard is a number from 0 to ${shardCount - 1}, not ${shard}.` };
  const to = Number(shard);
  if (to >= shardCount)
    return {
      problem: `There is no shard ${to}: wrangler.toml binds ${shardCount} (DB_WALLET_0 to DB_WALLET_${shardCount - 1}).`,
    };
  return { command, username, shard: to, remote: flags.includes("--remote") };
}
