import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, registerPlayer } from "./helpers";
import {
  PAY_PASSWORD,
  addBank,
  addCoinAddress,
  auditCount,
  balanceCents,
  ledgerRows,
  operator,
  player,
  randomAddress,
  requestId,
  userIdOf,
} from "./wallet-helpers";
import { insertCardIfFree } from "../worker/wallet/bank-card-queries";
import { walletHandle } from "../worker/db/client";
import { dayStartMs } from "#shared/days";
import { playerD1, rowD1 } from "./shard-helpers";
import { settings, withdrawalRequests, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

async function setCap(cents: number | null) {
  if (cents === null)
    await env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = 'withdraw_daily_cap_cents'`).run();
  else
    await env.DB.prepare(
      `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('withdraw_daily_cap_cents', ?)`,
    )
      .bind(String(cents))
      .run();
}

/** A player with money and a USDT address, ready to withdraw. */
async function ready(money: number) {
  const p = await player(money);
  const card = await addCoinAddress(p.token, "USDT");
  return { ...p, card };
}

const withdraw = (token: string, bank_id: unknown, money: unknown, extra: Record<string, unknown> = {}) =>
  api("/api/Game/withdraw", { token, bank_id, money, pwd: PAY_PASSWORD, request_id: requestId(), ...extra });

async function withdrawalIds(userId: number) {
  const rows = await (
    await playerD1(userId)
  )
    .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ? ORDER BY id`)
    .bind(userId)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

describe("withdraw", () => {
  it("needs a session", async () => {
    expectError(await api("/api/Game/withdraw", { bank_id: 1, money: "1", pwd: PAY_PASSWORD }), 1062, 409);
  });

  it("checks the form in order: account 2058, password 2057, amount 1114/1050/1042, card 1032", async () => {
    const { token, id, card } = await ready(100);
    const cases: [Record<string, unknown>, number][] = [
      [{}, 2058],
      [{ bank_id: "", pwd: "", money: "" }, 2058],
      [{ bank_id: null, pwd: PAY_PASSWORD, money: "10" }, 2058],
      [{ bank_id: card.id, money: "10" }, 2057],
      [{ bank_id: card.id, pwd: "  ", money: "10" }, 2057],
      [{ bank_id: card.id, pwd: PAY_PASSWORD, money: "ten" }, 1050],
      [{ bank_id: card.id, pwd: PAY_PASSWORD, money: "1.2.3" }, 1050],
      [{ bank_id: card.id, pwd: PAY_PASSWORD, money: "-1" }, 1050],
      [{ bank_id: card.id, pwd: PAY_PASSWORD, money: "1.001" }, 1050],
      [{ bank_id: card.id, pwd: PAY_PASSWORD }, 1114],
      [{ bank_id: card.id, pwd: PAY_PASSWORD, money: " " }, 1114],
      [{ bank_id: card.id, pwd: PAY_PASSWORD, money: "0" }, 1042],
      [{ bank_id: card.id, pwd: PAY_PASSWORD, money: 0.0 }, 1042],
      [{ bank_id: "abc", pwd: PAY_PASSWORD, money: "1" }, 1032],
      [{ bank_id: 0, pwd: PAY_PASSWORD, money: "1" }, 1032],
      [{ bank_id: { id: 1 }, pwd: PAY_PASSWORD, money: "1" }, 1032],
      [{ bank_id: 987_654, pwd: PAY_PASSWORD, money: "1" }, 1032],
    ];
    for (const [body, code] of cases) expectError(await api("/api/Game/withdraw", { token, ...body }), code);
    expect(await withdrawalIds(id)).toEqual([]);
    expect(await balanceCents(id)).toBe(10_000);
  });

  it("refuses another player's card and a deleted card (1032)", async () => {
    const a = await ready(100);
    const b = await ready(100);
    expectError(await withdraw(b.token, a.card.id, "10"), 1032);
    expectOk(await api("/api/Game/delbankcard", { token: b.token, id: b.card.id }));
    expectError(await withdraw(b.token, b.card.id, "10"), 1032);
    expect(await balanceCents(a.id)).toBe(10_000);
    expect(await balanceCents(b.id)).toBe(10_000);
  });

  it("needs a withdrawal password (1080) and the right one (1033)", async () => {
    // A player without a withdrawal password cannot add an account any more; one from before can exist.
    const noPassword = await registerPlayer();
    const noPasswordId = await userIdOf(noPassword.token);
    const cardId = (await insertCardIfFree(walletHandle(await playerD1(noPasswordId)), {
      ...{ type: "BTC", bank: "", account: "", realName: "", area: "", address: randomAddress(), network: "" },
      userId: noPasswordId,
      nowMs: Date.now(),
    }))!;
    expectError(await withdraw(noPassword.token, cardId, "1"), 1080);
    const { token, id, card: mine } = await ready(50);
    expectError(await withdraw(token, mine.id, "10", { pwd: "wrong123" }), 1033);
    expect(await balanceCents(id)).toBe(5_000);
  });

  it("locks the withdrawal password after 10 wrong tries (1081), even for the right one", async () => {
    const { token, id, card } = await ready(50);
    for (let i = 0; i < 10; i++) expectError(await withdraw(token, card.id, "1", { pwd: `wrong${i}00` }), 1033);
    expectError(await withdraw(token, card.id, "1"), 1081);
    expect(await withdrawalIds(id)).toEqual([]);
  });

  it("refuses more than the withdrawable figure (1025)", async () => {
    const { token, id, card } = await ready(100);
    expectError(await withdraw(token, card.id, "100.01"), 1025);
    expect(await withdrawalIds(id)).toEqual([]);
    expect(await balanceCents(id)).toBe(10_000);
  });

  it("holds the amount at once (wait) and answers data = 1; the player sees the pending request", async () => {
    const { token, id, card } = await ready(100);
    const answer = await withdraw(token, card.id, "40.5");
    expectOk(answer);
    expect(answer.data).toBe(1);
    expect(await balanceCents(id)).toBe(5_950);
    expect((await api("/api/Game/getuserinfo", { token })).data).toMatchObject({ money: 59.5, leftmoney: 59.5 });
    const rows = await ledgerRows(id);
    expect(rows.at(-1)).toMatchObject({ amount_cents: -4_050, type: "wait", reason: "Withdrawal request" });
    const list = await api("/api/Game/getwithdrawlist", { token });
    expectOk(list);
    expect(list.data).toEqual({
      list: [
        {
          id: expect.any(Number),
          money: 40.5,
          status: "pending",
          time: expect.any(Number),
          decidedAt: null,
          note: "",
          payout_ref: "",
          // no USDT payout rate is set here: no quote of coins (tests/coin-payout-quote.test.ts)
          coin: null,
          card: { id: card.id, type: "USDT", bank: "", account: "", address: card.address, network: "TRC20" },
        },
      ],
      page: 1,
      hasMore: false,
      next: null,
      prev: null,
      dailyCap: 50_000,
      usedToday: 40.5,
      leftToday: 49_959.5,
      coinPayouts: {},
    });
    await expectMoneyInvariants();
  });

  it("withdraws to a Bank card too", async () => {
    const p = await player(30);
    const bank = await addBank(p.token);
    expectOk(await withdraw(p.token, bank.id, "30"));
    expect(await balanceCents(p.id)).toBe(0);
    expect((await api("/api/Game/getwithdrawlist", { token: p.token })).data.list[0].card).toMatchObject({
      type: "Bank",
      account: bank.account,
    });
  });

  it("does not double a repeated submit: same request_id, sequential or racing, is one hold", async () => {
    const { token, id, card } = await ready(100);
    const key = requestId();
    expectOk(await withdraw(token, card.id, "10", { request_id: key }));
    expectOk(await withdraw(token, card.id, "10", { request_id: key }));
    const raceKey = requestId();
    const racing = await Promise.all([1, 2, 3, 4].map(() => withdraw(token, card.id, "20", { request_id: raceKey })));
    racing.forEach((a) => expect(a.data).toBe(1));
    // Without a request_id every call is a new request (docs/decisions/052-idempotency-by-request-id.md).
    await Promise.all(
      [1, 2].map(() => api("/api/Game/withdraw", { token, bank_id: card.id, money: "5", pwd: PAY_PASSWORD })),
    );
    expect(await withdrawalIds(id)).toHaveLength(4);
    expect(await balanceCents(id)).toBe(10_000 - 1_000 - 2_000 - 500 - 500);
    await expectMoneyInvariants();
  });

  it("holds exactly the affordable ones when concurrent withdrawals together exceed the balance", async () => {
    const { token, id, card } = await ready(100);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => withdraw(token, card.id, "30")));
    const held = answers.filter((a) => a.code === 1);
    expect(held).toHaveLength(3);
    for (const a of answers.filter((x) => x.code !== 1)) expectError(a, 1025);
    expect(await balanceCents(id)).toBe(1_000);
    expect(await withdrawalIds(id)).toHaveLength(3);
    expect(await count("ledger", "user_id = ? AND type = 'wait'", id)).toBe(3);
    await expectMoneyInvariants();
  });

  it("enforces the daily cap (1067) over the day's requests that were not rejected, also when racing", async () => {
    const { token, id, card } = await ready(1_000);
    await setCap(10_000);
    try {
      expectOk(await withdraw(token, card.id, "60"));
      expectError(await withdraw(token, card.id, "40.01"), 1067);
      expect((await api("/api/Game/getwithdrawlist", { token })).data).toMatchObject({
        dailyCap: 100,
        usedToday: 60,
        leftToday: 40,
      });
      const racing = await Promise.all([1, 2, 3].map(() => withdraw(token, card.id, "15")));
      expect(racing.filter((a) => a.code === 1)).toHaveLength(2);
      for (const a of racing.filter((x) => x.code !== 1)) expectError(a, 1067);
      // A rejected (refunded) request gives its share of the cap back.
      const [first] = await withdrawalIds(id);
      expectOk(await api("/api/admin/withdrawals/reject", { token: await operator(), id: first, note: "#other" }));
      expectOk(await withdraw(token, card.id, "60"));
      expect(await balanceCents(id)).toBe(100_000 - 9_000);
      await expectMoneyInvariants();
    } finally {
      await setCap(null);
    }
  });

  it("counts the cap per UTC+8 day: yesterday's requests do not count", async () => {
    const { token, id, card } = await ready(200);
    await setCap(10_000);
    try {
      const yesterday = dayStartMs(Date.now()) - 1;
      await (
        await playerD1(id)
      )
        .prepare(
          `INSERT INTO ${quotedTable(withdrawalRequests)} (user_id, amount_cents, status, idempotency_key, created_at_ms, bank_card_id) VALUES (?, 10000, 'approved', ?, ?, ?)`,
        )
        .bind(id, `test:${requestId()}`, yesterday, card.id)
        .run();
      expectOk(await withdraw(token, card.id, "100"));
    } finally {
      await setCap(null);
    }
  });

  it("shows a player only their own withdrawals", async () => {
    const a = await ready(50);
    const b = await ready(50);
    expectOk(await withdraw(a.token, a.card.id, "10"));
    const list = (await api("/api/Game/getwithdrawlist", { token: b.token })).data;
    expect(list.list).toEqual([]);
    expect(list.usedToday).toBe(0);
  });

  it("refuses a frozen account (403/1069)", async () => {
    const { token, id, card } = await ready(50);
    await (
      await playerD1(id)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(id)
      .run();
    expectError(await withdraw(token, card.id, "10"), 1069, 403);
    expect(await balanceCents(id)).toBe(5_000);
  });
});

describe("operator decisions on withdrawals", () => {
  async function pendingWithdrawal(money = 100, amount = "60") {
    const p = await ready(money);
    expectOk(await withdraw(p.token, p.card.id, amount));
    const [requestId] = await withdrawalIds(p.id);
    return { ...p, requestId };
  }

  it("an approval without the payout's reference is refused (1204) in the caller's language and changes nothing", async () => {
    const { id, requestId } = await pendingWithdrawal();
    const op = await operator();
    const audits = await count("audit_log");
    const words = { en: "payout reference", chs: "付款凭证", cht: "付款憑證", vi: "mã thanh toán" };
    for (const [lang, phrase] of Object.entries(words)) {
      for (const payout_ref of [undefined, "", "   ", "abc"]) {
        const answer = await api("/api/admin/withdrawals/approve", { token: op, id: requestId, lang, payout_ref });
        expectError(answer, 1204);
        expect(answer.info, lang).toContain(phrase);
      }
    }
    const row = await rowD1(requestId)
      .prepare(`SELECT status, payout_ref FROM ${quotedTable(withdrawalRequests)} WHERE id = ?`)
      .bind(requestId)
      .first();
    expect(row).toEqual({ status: "pending", payout_ref: "" });
    expect(await balanceCents(id)).toBe(4_000);
    expect(await count("audit_log")).toBe(audits);
    expectOk(await api("/api/admin/withdrawals/approve", { token: op, id: requestId, payout_ref: " FT-0001 " }));
    const paid = await rowD1(requestId)
      .prepare(`SELECT status, payout_ref FROM ${quotedTable(withdrawalRequests)} WHERE id = ?`)
      .bind(requestId)
      .first();
    expect(paid).toEqual({ status: "approved", payout_ref: "FT-0001" });
    await expectMoneyInvariants();
  });

  it("approving settles what is held: no money moves, the player sees approved, audited; never twice", async () => {
    const { token, id, requestId } = await pendingWithdrawal();
    const op = await operator();
    const answer = await api("/api/admin/withdrawals/approve", {
      token: op,
      id: requestId,
      note: "paid tx 0xabc",
      payout_ref: "FT-TEST-0001",
    });
    expectOk(answer);
    expect(answer.data).toEqual({ id: requestId, status: "approved" });
    expect(await balanceCents(id)).toBe(4_000);
    expect((await api("/api/Game/getwithdrawlist", { token })).data.list[0]).toMatchObject({
      status: "approved",
      note: "",
    });
    expect(await auditCount("withdrawal.approve", `withdrawal:${requestId}`)).toBe(1);
    expectError(
      await api("/api/admin/withdrawals/approve", { token: op, id: requestId, payout_ref: "FT-TEST-0001" }),
      1068,
    );
    expectError(await api("/api/admin/withdrawals/reject", { token: op, id: requestId, note: "#other" }), 1068);
    expect(await balanceCents(id)).toBe(4_000);
    expect(await count("ledger", "user_id = ? AND type = 'redo'", id)).toBe(0);
    await expectMoneyInvariants();
  });

  it("rejecting refunds the hold (redo) once; a rejected request cannot be approved", async () => {
    const { token, id, requestId } = await pendingWithdrawal();
    const op = await operator();
    const answer = await api("/api/admin/withdrawals/reject", {
      token: op,
      id: requestId,
      note: "#accountMismatch name mismatch",
    });
    expectOk(answer);
    expect(answer.data).toEqual({ id: requestId, status: "rejected", balance: 100 });
    expect(await balanceCents(id)).toBe(10_000);
    expect((await ledgerRows(id)).at(-1)).toMatchObject({
      amount_cents: 6_000,
      type: "redo",
      idempotency_key: `withdraw-refund:${requestId}`,
    });
    expect(await auditCount("withdrawal.reject", `withdrawal:${requestId}`)).toBe(1);
    expectError(await api("/api/admin/withdrawals/reject", { token: op, id: requestId, note: "#other" }), 1068);
    expectError(
      await api("/api/admin/withdrawals/approve", { token: op, id: requestId, payout_ref: "FT-TEST-0001" }),
      1068,
    );
    expect(await balanceCents(id)).toBe(10_000);
    expect((await api("/api/Game/getwithdrawlist", { token })).data.list[0]).toMatchObject({
      status: "rejected",
      note: "#accountMismatch",
    });
    await expectMoneyInvariants();
  });

  it("refunds exactly once when rejections race", async () => {
    const { id, requestId } = await pendingWithdrawal();
    const op = await operator();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => api("/api/admin/withdrawals/reject", { token: op, id: requestId, note: "#other" })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 1)) expectError(a, 1068);
    expect(await balanceCents(id)).toBe(10_000);
    expect(await count("ledger", "user_id = ? AND type = 'redo'", id)).toBe(1);
    await expectMoneyInvariants();
  });

  it("lets exactly one of a racing approve and reject win, with the money to match", async () => {
    for (let round = 0; round < 4; round++) {
      const { id, requestId } = await pendingWithdrawal();
      const op = await operator();
      const [approve, reject] = await Promise.all([
        api("/api/admin/withdrawals/approve", { token: op, id: requestId, payout_ref: "FT-TEST-0001" }),
        api("/api/admin/withdrawals/reject", { token: op, id: requestId, note: "#other" }),
      ]);
      expect([approve.code, reject.code].sort()).toEqual([0, 1]);
      expectError(approve.code === 1 ? reject : approve, 1068);
      const row = await rowD1(requestId)
        .prepare(`SELECT status, amount_cents FROM ${quotedTable(withdrawalRequests)} WHERE id = ?`)
        .bind(requestId)
        .first();
      expect(row).toEqual({ status: approve.code === 1 ? "approved" : "rejected", amount_cents: 6_000 });
      expect(await balanceCents(id)).toBe(approve.code === 1 ? 4_000 : 10_000);
    }
    await expectMoneyInvariants();
  });

  it("refuses unknown requests (1088) and players (1073)", async () => {
    const { token, requestId } = await pendingWithdrawal();
    expectError(
      await api("/api/admin/withdrawals/approve", { token: await operator(), id: 999_999, payout_ref: "FT-TEST-0001" }),
      1088,
    );
    expectError(
      await api("/api/admin/withdrawals/reject", { token: await operator(), id: 999_999, note: "#other" }),
      1088,
    );
    expectError(await api("/api/admin/withdrawals/reject", { token, id: requestId, note: "#other" }), 1073);
    expectError(
      await api("/api/admin/withdrawals/approve", { token, id: requestId, payout_ref: "FT-TEST-0001" }),
      1073,
    );
  });
});
