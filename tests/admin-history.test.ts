import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { consoleBrowser } from "./console-pages";
import { addBank, operator, player, requestId } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { settings, users, withdrawalRequests, depositRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Deposits that say where the money went (account paid into, transfer reference), one decision flow
// for deposits and withdrawals, and the console's history with its filters and keyset paging
// (docs/decisions/140).

const BANK = { type: "bank", name: "Vietcombank", holder: "Roundtable Ltd", account: "0071000123456" };
const WALLET = { type: "wallet", name: "USDT TRC20", holder: "Cashier", account: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" };

async function setPayees(payees: unknown[]) {
  await env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_payees', ?)`)
    .bind(JSON.stringify(payees))
    .run();
}

const recharge = (token: string, body: Record<string, unknown>) =>
  api("/api/Game/recharge", { token, money: "150", pay_name: "Nguyen Van A", ...body });

describe("a deposit names the account paid into and the transfer reference", () => {
  it("refuses each missing or wrong part with its own code, writing nothing", async () => {
    await setPayees([BANK, WALLET]);
    const { token, id } = await player();
    const before = await count("deposit_requests", "user_id = ?", id);
    expectError(await recharge(token, { pay_ref: "FT2611250001" }), 1182);
    expectError(await recharge(token, { payee: "  ", pay_ref: "FT2611250001" }), 1182);
    expectError(await recharge(token, { payee: "0071000999999", pay_ref: "FT2611250001" }), 1183);
    expectError(await recharge(token, { payee: BANK.account }), 1184);
    expectError(await recharge(token, { payee: BANK.account, pay_ref: "  " }), 1184);
    for (const ref of ["ab", "x".repeat(41), "FT<script>", "-leading", "a\nb"])
      expectError(await recharge(token, { payee: BANK.account, pay_ref: ref }), 1185);
    expect(await count("deposit_requests", "user_id = ?", id)).toBe(before);
  });

  it("keeps a copy of the account and the reference, shown to the player and on the operator's card", async () => {
    await setPayees([BANK, WALLET]);
    const { token, id } = await player();
    const key = requestId();
    const asked = await recharge(token, { payee: WALLET.account, pay_ref: " FT 2611/25-0001 ", request_id: key });
    expectOk(asked);
    expect(asked.data).toMatchObject({
      payee: { name: "USDT TRC20", account: WALLET.account },
      pay_ref: "FT 2611/25-0001",
    });
    // the same request_id asking with another reference is another request: refused (1095)
    expectError(await recharge(token, { payee: WALLET.account, pay_ref: "FT2611250002", request_id: key }), 1095);
    expectOk(await recharge(token, { payee: WALLET.account, pay_ref: "FT 2611/25-0001", request_id: key }));
    // the site's list changes later: the request keeps what the player chose
    await setPayees([BANK]);
    const queue = await api("/api/admin/deposits", {
      token: await operator(),
      status: "pending",
      player: await username(id),
    });
    expectOk(queue);
    expect(queue.data.list).toEqual([
      expect.objectContaining({
        id: asked.data.id,
        payee: { name: "USDT TRC20", account: WALLET.account },
        pay_ref: "FT 2611/25-0001",
      }),
    ]);
    const own = await api("/api/Game/getrechargelist", { token });
    expect(own.data.list[0]).toMatchObject({ pay_ref: "FT 2611/25-0001" });
  });

  it("without listed accounts, files nothing, whatever it names (1262)", async () => {
    await setPayees([]);
    const { token, id } = await player();
    expectError(await recharge(token, {}), 1262);
    expectError(await recharge(token, { payee: BANK.account, pay_ref: "UTR 123456" }), 1262);
    expect(await count("deposit_requests", "user_id = ?", id)).toBe(0);
  });
});

async function username(id: number) {
  const row = await (
    await playerD1(id)
  )
    .prepare(`SELECT username FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(id)
    .first<{ username: string }>();
  return row!.username;
}

describe("one decision flow for deposits and withdrawals", () => {
  it("approve and reject race on each kind: exactly one wins, money moves once, one audit row", async () => {
    await setPayees([BANK]);
    const token = await operator();
    const other = await (await secondOperator(true, "cashier")).signIn();
    const { token: playerToken, id } = await player(300);
    const deposit = await recharge(playerToken, { payee: BANK.account, pay_ref: "FT2611250001" });
    const bank = await addBank(playerToken);
    const withdrawal = await api("/api/Game/withdraw", {
      token: playerToken,
      bank_id: bank.id,
      money: "100",
      pwd: "pay12345",
    });
    expectOk(withdrawal);
    const wd = await (
      await playerD1(id)
    )
      .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(id)
      .first<{ id: number }>();
    // whoever approved the deposit does not approve the player's withdrawal (1231): two others race for it
    const [third, fourth] = [
      await (await secondOperator(true, "cashier")).signIn(),
      await (await secondOperator(true, "cashier")).signIn(),
    ];
    for (const [kind, requestIdOf, [a, b]] of [
      ["deposits", deposit.data.id, [token, other]],
      ["withdrawals", wd!.id, [third, fourth]],
    ] as const) {
      const answers = await Promise.all([
        api(`/api/admin/${kind}/approve`, { token: a, id: requestIdOf, payout_ref: "FT-TEST-0001" }),
        api(`/api/admin/${kind}/reject`, { token: b, id: requestIdOf, note: "#duplicate" }),
        api(`/api/admin/${kind}/approve`, { token: b, id: requestIdOf, payout_ref: "FT-TEST-0001" }),
      ]);
      expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
      for (const lost of answers.filter((a) => a.code !== 1)) expect(lost.data.errCode).toBe(1068);
      const target = `${kind === "deposits" ? "deposit" : "withdrawal"}:${requestIdOf}`;
      expect(await count("audit_log", "target = ?", target)).toBe(1);
    }
    // deposit: credited at most once; withdrawal: held once, refunded at most once
    expect(await count("ledger", "idempotency_key = ?", `deposit:${deposit.data.id}`)).toBeLessThanOrEqual(1);
    expect(await count("ledger", "idempotency_key = ?", `withdraw-refund:${wd!.id}`)).toBeLessThanOrEqual(1);
    await expectMoneyInvariants();
  });

  it("keeps the kind's own refusals: unknown 1088, the four-eyes rule on withdrawals 1171", async () => {
    const token = await operator();
    expectError(await api("/api/admin/deposits/approve", { token, id: 99_999_999 }), 1088);
    expectError(await api("/api/admin/withdrawals/reject", { token, id: 99_999_999, note: "#other" }), 1088);
    const adjuster = await secondOperator(true, "cashier");
    const adjusterToken = await adjuster.signIn();
    const { token: playerToken, id } = await player(200);
    expectOk(
      await api("/api/admin/adjust", {
        token: adjusterToken,
        userId: id,
        money: "5",
        text: "bonus",
        reason: "goodwill",
        request_id: requestId(),
      }),
    );
    const bank = await addBank(playerToken);
    expectOk(await api("/api/Game/withdraw", { token: playerToken, bank_id: bank.id, money: "50", pwd: "pay12345" }));
    const wd = await (
      await playerD1(id)
    )
      .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(id)
      .first<{ id: number }>();
    expectError(
      await api("/api/admin/withdrawals/approve", { token: adjusterToken, id: wd!.id, payout_ref: "FT-TEST-0001" }),
      1171,
    );
    expect(await count("withdrawal_requests", "id = ? AND status = 'pending'", wd!.id)).toBe(1);
    await expectMoneyInvariants();
  });
});

/** Deposits of one fresh player at chosen times and amounts (rows written as the API writes them). */
async function depositsAt(userId: number, rows: { cents: number; atMs: number; status?: string }[]) {
  for (const r of rows) {
    await (
      await playerD1(userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(depositRequests)} (user_id, amount_cents, pay_name, status, idempotency_key, created_at_ms, decided_at_ms, decided_by) VALUES (?, ?, 'T', ?, ?, ?, ?, ?)`,
      )
      .bind(
        userId,
        r.cents,
        r.status ?? "approved",
        `dep:${userId}:${crypto.randomUUID()}`,
        r.atMs,
        r.status === "pending" ? null : r.atMs + 1,
        r.status === "pending" ? null : 2,
      )
      .run();
  }
}

const list = async (path: string, body: Record<string, unknown>) => {
  const answer = await api(path, { token: await operator(), ...body });
  expectOk(answer);
  return answer.data as {
    list: { id: number; money: number; status: string; username: string; time: number }[];
    hasMore: boolean;
    next: string | null;
    prev: string | null;
  };
};

describe("history of deposits and withdrawals: filters", () => {
  // 2026-03-10 00:00 in UTC+8
  const DAY = Date.parse("2026-03-10T00:00:00+08:00");

  it("narrows by status, player name (prefix, any case, wildcards literal), days (both included) and amounts", async () => {
    const { id, username: name } = await player();
    const other = await player();
    await depositsAt(id, [
      { cents: 1_000, atMs: DAY - 1 }, // 2026-03-09 23:59:59.999 UTC+8
      { cents: 5_000, atMs: DAY },
      { cents: 20_000, atMs: DAY + 86_400_000 - 1, status: "rejected" },
      { cents: 7_500, atMs: DAY + 86_400_000, status: "pending" },
    ]);
    await depositsAt(other.id, [{ cents: 5_000, atMs: DAY }]);
    const mine = { player: name.toUpperCase() };
    expect((await list("/api/admin/deposits", { ...mine, status: "decided" })).list.map((r) => r.money)).toEqual([
      200, 50, 10,
    ]);
    expect((await list("/api/admin/deposits", { ...mine, status: "pending" })).list.map((r) => r.money)).toEqual([75]);
    expect((await list("/api/admin/deposits", { ...mine, status: "all" })).list).toHaveLength(4);
    expect((await list("/api/admin/deposits", { ...mine, status: "rejected" })).list.map((r) => r.money)).toEqual([
      200,
    ]);
    // one day, both ends included, in UTC+8
    expect(
      (await list("/api/admin/deposits", { ...mine, status: "all", from: "2026-03-10", to: "2026-03-10" })).list.map(
        (r) => r.money,
      ),
    ).toEqual([200, 50]);
    expect(
      (await list("/api/admin/deposits", { ...mine, status: "all", to: "2026-03-09" })).list.map((r) => r.money),
    ).toEqual([10]);
    expect(
      (await list("/api/admin/deposits", { ...mine, status: "all", from: "2026-03-11" })).list.map((r) => r.money),
    ).toEqual([75]);
    // amounts, both ends included
    expect(
      (await list("/api/admin/deposits", { ...mine, status: "all", min: "50", max: "75" })).list.map((r) => r.money),
    ).toEqual([75, 50]);
    expect(
      (await list("/api/admin/deposits", { ...mine, status: "all", min: "50.01" })).list.map((r) => r.money),
    ).toEqual([75, 200]);
    // the prefix is a prefix, and % or _ typed by the operator match themselves only
    expect(
      (await list("/api/admin/deposits", { player: name.slice(0, -1), status: "all" })).list.every((r) =>
        r.username.startsWith(name.slice(0, -1)),
      ),
    ).toBe(true);
    expect((await list("/api/admin/deposits", { player: "%", status: "all" })).list).toEqual([]);
    expect((await list("/api/admin/deposits", { player: "_", status: "all" })).list).toEqual([]);
  });

  it("refuses a filter that does not parse with the code of the broken rule", async () => {
    const token = await operator();
    for (const path of ["/api/admin/deposits", "/api/admin/withdrawals", "/api/admin/adjustments/history"]) {
      expectError(await api(path, { token, from: "2026-03-11", to: "2026-03-10" }), 1072);
      expectError(await api(path, { token, from: "2026-02-30" }), 1001);
      expectError(await api(path, { token, min: "100", max: "99.99" }), 1115);
      expectError(await api(path, { token, min: "abc" }), 1050);
      expectError(await api(path, { token, max: "1.234" }), 1050);
      expectError(await api(path, { token, status: "lost" }), 1001);
      expectError(await api(path, { token, player: "x".repeat(65) }), 1001);
    }
  });

  it("lists withdrawals by the same rules, each with the account to pay", async () => {
    const { token: playerToken, id, username: name } = await player(500);
    const bank = await addBank(playerToken);
    for (const money of ["40", "60"])
      expectOk(await api("/api/Game/withdraw", { token: playerToken, bank_id: bank.id, money, pwd: "pay12345" }));
    const rows = await list("/api/admin/withdrawals", { player: name, status: "pending", min: "50" });
    expect(rows.list).toEqual([
      expect.objectContaining({ money: 60, status: "pending", card: expect.objectContaining({ type: "Bank" }) }),
    ]);
    const [w] = rows.list;
    expectOk(
      await api("/api/admin/withdrawals/reject", { token: await operator(), id: w.id, note: "#accountMismatch" }),
    );
    const decided = await list("/api/admin/withdrawals", { player: name, status: "decided" });
    expect(decided.list).toEqual([
      expect.objectContaining({ id: w.id, status: "rejected", note: "#accountMismatch", decidedBy: "admin" }),
    ]);
    expect(id).toBeGreaterThan(0);
    await expectMoneyInvariants();
  });
});

describe("history paging: keyset cursors", () => {
  it("walks 45 rows in pages of 20 without a gap or a repeat, back again, and a new row does not shift a later page", async () => {
    const { id, username: name } = await player();
    await depositsAt(
      id,
      Array.from({ length: 45 }, (_, i) => ({ cents: 100 + i, atMs: 1_700_000_000_000 + i })),
    );
    const seen: number[] = [];
    let page = await list("/api/admin/deposits", { player: name, status: "decided" });
    const first = page.list.map((r) => r.id);
    seen.push(...first);
    expect(page.list).toHaveLength(20);
    const cursor = page.next!;
    // a deposit decided while the operator reads page 1: page 2 by cursor is unchanged by it
    await depositsAt(id, [{ cents: 999, atMs: 1_800_000_000_000 }]);
    page = await list("/api/admin/deposits", { player: name, status: "decided", page: 2, after: cursor });
    seen.push(...page.list.map((r) => r.id));
    page = await list("/api/admin/deposits", { player: name, status: "decided", page: 3, after: page.next });
    seen.push(...page.list.map((r) => r.id));
    expect(page.hasMore).toBe(false);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    // back from page 2 to page 1 by its prev cursor
    const second = await list("/api/admin/deposits", { player: name, status: "decided", page: 2, after: cursor });
    const back = await list("/api/admin/deposits", { player: name, status: "decided", page: 1, before: second.prev });
    expect(back.list.map((r) => r.id)).toEqual(first);
  });
});

describe("history of balance adjustments", () => {
  it("lists made-alone, approved, rejected and cancelled ones with their status, filters and pages", async () => {
    const asker = await secondOperator(true, "cashier");
    const askerToken = await asker.signIn();
    const approver = await (await secondOperator(true, "cashier")).signIn();
    const { id, username: name } = await player();
    const adjust = (money: string, reason: string) =>
      api("/api/admin/adjust", {
        token: askerToken,
        userId: id,
        money,
        text: "correction",
        reason,
        request_id: requestId(),
      });
    expectOk(await adjust("25", "welcome back"));
    expectOk(await adjust("-5", "fee"));
    // above the single-operator threshold (worker/settings/settings.ts): queued for a second operator
    const queued = await Promise.all([
      adjust("20000", "big one"),
      adjust("15000", "second big"),
      adjust("12000", "third big"),
    ]);
    for (const q of queued) expect(q.data.status).toBe("pending");
    expectOk(await api("/api/admin/adjustments/approve", { token: approver, id: queued[0].data.id }));
    expectOk(await api("/api/admin/adjustments/reject", { token: approver, id: queued[1].data.id }));
    expectOk(await api("/api/admin/adjustments/cancel", { token: askerToken, id: queued[2].data.id }));
    const all = await list("/api/admin/adjustments/history", { player: name });
    const rows = all.list as unknown as {
      status: string;
      money: number;
      reason: string;
      requestedBy: string;
      decidedBy: string | null;
      made: string;
    }[];
    expect(rows.map((r) => [r.status, r.money]).sort()).toEqual(
      [
        ["approved", 20000],
        ["cancelled", 12000],
        ["done", -5],
        ["done", 25],
        ["rejected", 15000],
      ].sort(),
    );
    expect(rows.find((r) => r.money === 25)).toMatchObject({
      reason: "welcome back",
      requestedBy: asker.username,
      decidedBy: null,
      made: "alone",
    });
    expect(rows.find((r) => r.status === "cancelled")).toMatchObject({
      reason: "third big",
      decidedBy: asker.username,
      made: "queued",
    });
    expect((await list("/api/admin/adjustments/history", { player: name, status: "done" })).list).toHaveLength(2);
    // amounts bound the size: the debit of 5 is inside [5, 25]
    expect(
      (await list("/api/admin/adjustments/history", { player: name, min: "5", max: "25" })).list
        .map((r) => r.money)
        .sort(),
    ).toEqual([-5, 25]);
    // pages of 20 across both sources by cursor: no gap, no repeat
    for (let i = 0; i < 18; i++) expectOk(await adjust("1", `small ${i}`));
    const page1 = await list("/api/admin/adjustments/history", { player: name });
    const page2 = await list("/api/admin/adjustments/history", { player: name, page: 2, after: page1.next });
    const keys = [...page1.list, ...page2.list].map((r) => `${(r as unknown as { made: string }).made}:${r.id}`);
    expect(page1.list).toHaveLength(20);
    expect(page2.hasMore).toBe(false);
    expect(new Set(keys).size).toBe(23);
    await expectMoneyInvariants();
  });

  it("lists a credit waiting for a second operator under “All, waiting ones too” and under Waiting", async () => {
    const askerToken = await (await secondOperator(true, "cashier")).signIn();
    const { id, username: name } = await player();
    const ask = async (money: string) => {
      const asked = await api("/api/admin/adjust", {
        token: askerToken,
        userId: id,
        money,
        text: "bonus",
        reason: "big one",
        request_id: requestId(),
      });
      expect(asked.data.status).toBe("pending");
      return asked.data.id as number;
    };
    const waiting = await ask("15000");
    const cancelled = await ask("16000");
    expectOk(await api("/api/admin/adjustments/cancel", { token: askerToken, id: cancelled }));
    const all = await list("/api/admin/adjustments/history", { player: name, status: "all" });
    expect(all.list.map((r) => [r.id, r.status, r.money])).toEqual([
      [cancelled, "cancelled", 16000],
      [waiting, "pending", 15000],
    ]);
    const pending = await list("/api/admin/adjustments/history", { player: name, status: "pending" });
    expect(pending.list.map((r) => r.id)).toEqual([waiting]);
    // the console's history page offers the filter and names the state in words
    const page = await (
      await (await consoleBrowser()).get(`/admin/history?kind=adjustments&status=all&player=${name}`)
    ).text();
    expect(page).toContain('<option value="pending"');
    expect(page).toContain("Waiting");
    expect(page).toContain("15,000.00");
  });
});
