import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { currentRound, finishRound, placeOk, playerWith } from "./rooms-helpers";
import { betRecords, liveBets } from "../worker/room/bets";
import { listLedgerRows } from "../worker/ledger/funds";
import { listDeposits, listWithdrawals } from "../worker/wallet/requests";
import { listOrders } from "../worker/finance/orders";
import { listPendingAdjustments } from "../worker/wallet/adjustments";
import { listAudit } from "../worker/audit/log";
import { publicRounds } from "../worker/room/rounds";
import { type PageAt, firstPage } from "../worker/db/keyset";
import { type ControlDb, type WalletDb, controlHandle, walletHandle } from "../worker/db/client";

const records = (token: string, extra: Record<string, unknown> = {}) =>
  api("/api/Game/getGamelog2", { token, ...extra });

/** Every SQL statement a db function sends, with its bindings, for EXPLAIN QUERY PLAN. */
function recordingDb() {
  const sent: { sql: string; params: unknown[] }[] = [];
  const DB = new Proxy(env.DB, {
    get(target, key) {
      if (key !== "prepare") return Reflect.get(target, key, target);
      return (sql: string) => {
        const statement = target.prepare(sql);
        return new Proxy(statement, {
          get(inner, name) {
            const value: unknown = Reflect.get(inner, name);
            if (name !== "bind") return typeof value === "function" ? value.bind(inner) : value;
            return (...params: unknown[]) => {
              sent.push({ sql, params });
              return inner.bind(...params);
            };
          },
        });
      };
    },
  });
  // one database holds every table here: its handles of both kinds
  return { db: { control: controlHandle(DB), wallet: walletHandle(DB) }, sent };
}

async function planOf(run: (db: { control: ControlDb; wallet: WalletDb }) => Promise<unknown>) {
  const { db, sent } = recordingDb();
  await run(db);
  const { sql, params } = sent[sent.length - 1];
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail).join(" | ");
}

describe("keyset paging (docs/decisions/112)", () => {
  it("walks a player's bet records by cursor, older and newer, matching the pages by number", async () => {
    await finishRound(1);
    const player = await playerWith(1_000_000);
    for (let i = 0; i < 5; i++)
      await placeOk(
        player.token,
        1,
        [0, 1, 2, 3, 4, 5, 6, 7, 8].map((o) => [o, o < 4 ? 1.98 : o < 8 ? [4.2, 3.6, 3.6, 4.2][o - 4] : 17, 20 + i]),
      );
    const byNumber = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await records(player.token, { page });
      expectOk(answer);
      byNumber.push(...answer.data.data.map((r: { id: number }) => r.id));
    }
    expect(byNumber).toHaveLength(45);
    const walked: number[] = [];
    const cursors: (string | null)[] = [];
    let answer = await records(player.token);
    expect(answer.data.prev).toBeNull();
    for (let page = 1; ; page++) {
      walked.push(...answer.data.data.map((r: { id: number }) => r.id));
      cursors.push(answer.data.prev);
      if (!answer.data.hasMore) break;
      expect(answer.data.next).toMatch(/^\d+_\d+$/);
      answer = await records(player.token, { page: page + 1, after: answer.data.next });
      expect(answer.data.page).toBe(page + 1);
    }
    expect(walked).toEqual(byNumber);
    expect(answer.data.next).toBeNull();
    // Back from page 3 to page 2 with its prev cursor.
    const back = await records(player.token, { page: 2, before: cursors[2] });
    expect(back.data.data.map((r: { id: number }) => r.id)).toEqual(byNumber.slice(20, 40));
    expect(back.data.hasMore).toBe(true);
    expect(back.data.prev).not.toBeNull();
    // A tab pages the same way through its own index.
    const pending = await records(player.token, { type: "pending", page: 2, after: answer.data.prev });
    expectOk(pending);
    await finishRound(1);
    await expectMoneyInvariants();
  });

  it("answers pages by number up to 50; farther ones need a cursor (1152), malformed cursors are 1001", async () => {
    const player = await playerWith(0);
    expectOk(await records(player.token, { page: 50 }));
    const far = await records(player.token, { page: 51 });
    expectError(far, 1152);
    expect(far.info).toContain("50");
    for (const lang of ["chs", "cht", "vi"])
      expect((await records(player.token, { page: 500, lang })).info).toContain("50");
    expectOk(await records(player.token, { page: 500, after: "1700000000000_5" }));
    for (const after of ["x", "1_2_3_4", "-1", "1.5"])
      expectError(await records(player.token, { page: 2, after }), 1001);
    expectError(await api("/api/game/getfinanceflow", { token: player.token, page: 51 }), 1152);
    expectError(await api("/api/game/getrechargelist", { token: player.token, page: 99 }), 1152);
    // a cursor of another width than the list's key (an id alone, from before docs/decisions/163): the first page
    const old = await api("/api/game/getrechargelist", { token: player.token, page: 99, after: "12" });
    expectOk(old);
    expect(old.data.page).toBe(1);
    // three numbers are a cursor of the audit log only: another list serves its first page, with no way back
    for (const [path, extra] of [
      ["/api/game/getgamelog2", {}],
      ["/api/game/getfinanceflow", {}],
      ["/api/game/getgamelog", { roomid: 1 }],
    ] as const) {
      const wide = await api(path, { token: player.token, page: 7, after: "1700000000000_5_1", ...extra });
      expectOk(wide);
      expect(wide.data.page, path).toBe(1);
      expect(wide.data.prev ?? null, path).toBeNull();
    }
  });

  it("reads every paged list through an index in its order, with no sort of the whole list", async () => {
    const round = await currentRound(2);
    const at: PageAt = { ...firstPage(20), page: 500, after: [1_700_000_000_000, 999] };
    const plans = {
      live: await planOf(({ wallet }) => liveBets(wallet, { id: round.roundId, seqno: round.seqno }, null)),
      records: await planOf(({ wallet }) => betRecords(wallet, 5, null, at)),
      recordsTab: await planOf(({ wallet }) => betRecords(wallet, 5, 1, at)),
      ledger: await planOf(({ wallet }) => listLedgerRows(wallet, { userId: 5, at })),
      deposits: await planOf(({ wallet }) => listDeposits(wallet, { userId: 5, at })),
      rounds: await planOf(({ control }) => publicRounds(control, 2, { ...at, after: [999] })),
    };
    expect(plans.live).toContain("bets_round_newest");
    expect(plans.records).toContain("bets_user");
    expect(plans.recordsTab).toContain("bets_user_state");
    expect(plans.ledger).toContain("ledger_user_time");
    expect(plans.deposits).toContain("deposit_requests_user");
    expect(plans.rounds).toContain("rounds_room_seqno");
    for (const [list, plan] of Object.entries(plans))
      expect(plan, list).not.toMatch(/TEMP B-TREE FOR ORDER BY|SCAN b\b|SCAN bets\b|SCAN ledger\b/);
  });

  it("reads the console's merged lists through an index in their time order (docs/decisions/163)", async () => {
    const viewer = { id: 2, nowMs: Date.now() };
    const plans: Record<string, string> = {};
    const pages: [string, PageAt][] = [
      ["first", firstPage(20)],
      ["next", { ...firstPage(20), after: [1_700_000_000_000, 999] }],
      ["prev", { ...firstPage(20), before: [1_700_000_000_000, 999] }],
    ];
    for (const [name, at] of pages) {
      const pending = { status: "pending" as const, oldestFirst: true, viewer, at };
      plans[`deposit queue ${name}`] = await planOf(({ wallet }) => listDeposits(wallet, pending));
      plans[`deposit history ${name}`] = await planOf(({ wallet }) => listDeposits(wallet, { at }));
      plans[`withdrawal queue ${name}`] = await planOf(({ wallet }) => listWithdrawals(wallet, pending));
      plans[`withdrawal history ${name}`] = await planOf(({ wallet }) => listWithdrawals(wallet, { at }));
      plans[`lock-ups ${name}`] = await planOf(({ wallet }) => listOrders(wallet, { at }));
      plans[`lock-ups running ${name}`] = await planOf(({ wallet }) => listOrders(wallet, { status: "active", at }));
      plans[`a player's lock-ups ${name}`] = await planOf(({ wallet }) => listOrders(wallet, { userId: 5, at }));
      plans[`adjustment queue ${name}`] = await planOf(({ wallet }) => listPendingAdjustments(wallet, at));
      // the audit log's key ends with its database
      const audit: PageAt = {
        ...at,
        after: at.after && [...at.after, 1],
        before: at.before && [...at.before, 1],
      };
      // the page is read from the recording database, the names after it from the control database
      plans[`audit ${name}`] = await planOf(({ wallet }) =>
        listAudit(databasesOf(env).control, [{ db: wallet, source: 1 }], { at: audit }),
      );
    }
    const uses = (plan: string) => /USING (COVERING )?INDEX (\w+)/.exec(plan)?.[2];
    for (const [list, plan] of Object.entries(plans)) {
      expect(plan, list).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      expect(uses(plan), list).toMatch(/_status|_time|_user$/);
    }
  });
});
