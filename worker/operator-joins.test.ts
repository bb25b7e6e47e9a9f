import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// An operator's account is in the control database, never in a wallet shard (docs/architecture.md#the-databases,
// docs/decisions/176): a query of a shard's table answers an operator's id only, and the caller names them through
// accountNames (worker/db/every-shard.ts). A join of `users` is on a player's column (user_id, or the house), or
// from a table of the control database itself (worker/db/schema/control.ts), where operators are.

const root = normalize(join(dirname(new URL(import.meta.url).pathname), ".."));
const sources = execFileSync("git", ["ls-files", "-z", "worker"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
const controlTables = new Set(
  [
    ...readFileSync(join(root, "worker/db/schema/control.ts"), "utf8").matchAll(/^export const (\w+) = sqliteTable/gm),
  ].map((m) => m[1]),
);

/** The joins of `users` a file's queries make that are not on a player's column, as "file: the join". */
function operatorJoins(file: string, text: string): string[] {
  const found: string[] = [];
  // SQL written out: JOIN ${users} x ON x.id = <column>
  for (const m of text.matchAll(/JOIN \$\{users\}\s+(?:AS\s+)?(\w+)\s+ON\s+\1\.id\s*=\s*([^\s`]+)/g))
    if (!/^\w+\.user_id\b/.test(m[2]) && !m[2].startsWith("${HOUSE_USER_ID}")) found.push(`${file}: ${m[0]}`);
  // any other written-out join of users (the other way round, or under no name) is refused as well
  for (const m of text.matchAll(/JOIN \$\{users\}(?!\s+(?:AS\s+)?(\w+)\s+ON\s+\1\.id\s*=)[^`]{0,40}/g))
    found.push(`${file}: ${m[0]}`);
  // drizzle: .innerJoin(users or an alias of it, eq(x.id, table.column))
  const names = new Set(["users", ...[...text.matchAll(/const (\w+) = alias\(users,/g)].map((m) => m[1])]);
  for (const m of text.matchAll(/\.(?:inner|left|right|full)Join\(\s*(\w+),\s*eq\(\s*\1\.id,\s*(\w+)\.(\w+)\s*\)/g))
    if (names.has(m[1]) && m[3] !== "userId" && !controlTables.has(m[2])) found.push(`${file}: ${m[0]}`);
  return found;
}

describe("operators' names in a wallet shard's queries", () => {
  it("come from no join of a shard's table to users: the shard answers ids, the control database names them", () => {
    const found = sources.flatMap((file) => operatorJoins(file, readFileSync(join(root, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("the check finds each kind of join it refuses, and passes a player's and the control database's", () => {
    expect(operatorJoins("a.ts", "FROM ${table} r LEFT JOIN ${users} o ON o.id = r.decided_by")).toHaveLength(1);
    expect(operatorJoins("a.ts", "FROM ${table} r LEFT JOIN ${users} o ON r.decided_by = o.id")).toHaveLength(1);
    expect(
      operatorJoins(
        "a.ts",
        'const requesters = alias(users, "requesters");\n.leftJoin(requesters, eq(requesters.id, adjustmentRequests.requestedBy))',
      ),
    ).toHaveLength(1);
    expect(operatorJoins("a.ts", "FROM ${table} r LEFT JOIN ${users} u ON u.id = r.user_id")).toEqual([]);
    expect(operatorJoins("a.ts", "JOIN ${users} h ON h.id = ${HOUSE_USER_ID}`")).toEqual([]);
    expect(operatorJoins("a.ts", ".innerJoin(users, eq(users.id, depositRequests.userId))")).toEqual([]);
    expect(
      operatorJoins(
        "a.ts",
        'const askers = alias(users, "askers");\n.innerJoin(askers, eq(askers.id, settingRequests.requestedBy))',
      ),
    ).toEqual([]);
  });
});
