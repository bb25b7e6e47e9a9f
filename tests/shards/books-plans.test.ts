import { describe, expect, it } from "vitest";
import { walletHandle } from "../../worker/db/client";
import { closeBooksDays, todaySoFar } from "../../worker/insight/books-days";
import { movePlayer } from "../../worker/players/move";
import { at, betAt, lockAt, moveAt, settleAt } from "../books-past-rows";
import { d1Link, shardD1 } from "./move-helpers";
import { control, playerWhere, tomorrowClosedAt } from "./move-books-helpers";

// The plans of the books per day's statements (docs/decisions/162): every statement a day's close and today's
// statement send to a wallet shard after a move is explained, and none reads a table whole. Allowed: reading a
// common table expression the statement made, the lock-up orders (fo, df: no time bounds them), and an index read in
// order that stops at its first row (LIMIT 1).

type Sent = { sql: string; params: unknown[] };

/** A D1 binding that records each statement prepared through it, with its parameters. */
function recording(d1: D1Database, sent: Sent[]): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          const entry: Sent = { sql: query, params: [] };
          sent.push(entry);
          const statement = target.prepare(query);
          return new Proxy(statement, {
            get(s, p) {
              if (p === "bind")
                return (...params: unknown[]) => {
                  entry.params = params;
                  return s.bind(...params);
                };
              const value = Reflect.get(s, p, s);
              return typeof value === "function" ? value.bind(s) : value;
            },
          });
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("the books per day's query plans", () => {
  it("read no table whole, after a move, in a day's close and today's statement", async () => {
    const a = await playerWhere((s) => s === 0);
    await moveAt(a.id, 800_00, at(3, 10));
    await lockAt(a.id, 300_00, at(2, 11));
    const round = await betAt(a.id, 50_00, at(1, 23, 50));
    await settleAt(round, at(0, 0, 10), 0, shardD1(0));
    await movePlayer(d1Link(), a.username, 1, Date.now());
    const sent: Sent[] = [];
    for (const s of [0, 1]) {
      const db = walletHandle(recording(shardD1(s), sent));
      await closeBooksDays(db, tomorrowClosedAt(), control());
      await todaySoFar(db, Date.now(), control());
    }
    const explained = new Set<string>();
    const wholeReads: string[] = [];
    for (const q of sent) {
      if (explained.has(q.sql) || !/^\s*(WITH|SELECT)/i.test(q.sql)) continue;
      explained.add(q.sql);
      const plan = (
        await shardD1(0)
          .prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
          .bind(...q.params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail);
      // the common table expressions and the names the statement reads them under
      const made = new Set([
        ...plan.flatMap((d) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(d)?.[1] ?? []),
        ...[...q.sql.matchAll(/\b(?:FROM|JOIN) (?:bl|bf) (\w+)/g)].map((m) => m[1]),
      ]);
      const bad = plan.filter((d) => {
        const scan = /^SCAN (\S+)( USING (?:COVERING )?INDEX \S+)?$/.exec(d);
        if (!scan || scan[1] === "CONSTANT" || made.has(scan[1]) || /^\(subquery/.test(scan[1])) return false;
        if (scan[1] === "fo" || scan[1] === "df") return false;
        return !(scan[2] && /LIMIT 1\b/.test(q.sql));
      });
      if (bad.length) wholeReads.push(`${bad.join(" | ")} in: ${q.sql.replace(/\s+/g, " ").slice(0, 300)}`);
    }
    expect(explained.size).toBeGreaterThan(10);
    expect(wholeReads).toEqual([]);
  });
});
