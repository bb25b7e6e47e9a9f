import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import {
  PAY_PASSWORD,
  addBank,
  addCoinAddress,
  auditCount,
  balanceCents,
  operator,
  player,
  randomAddress,
  requestId,
  paidInto,
  SITE_PAYEE,
} from "./wallet-helpers";
import { everywhere, playerD1 } from "./shard-helpers";
import { ledger, auditLog } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const ADMIN_PATHS = [
  "/api/admin/deposits",
  "/api/admin/deposits/approve",
  "/api/admin/deposits/reject",
  "/api/admin/withdrawals",
  "/api/admin/withdrawals/approve",
  "/api/admin/withdrawals/reject",
  "/api/admin/adjust",
];

const adjust = async (body: Record<string, unknown>) =>
  api("/api/admin/adjust", { token: await operator(), text: "correction", ...body });

describe("operator wallet API access", () => {
  it("needs a session (1062) and the operator role (1073) on every path, writing nothing", async () => {
    const { token, id } = await player();
    const audits = await count("audit_log");
    for (const path of ADMIN_PATHS) {
      expectError(await api(path, { id: 1, userId: id, money: "5", reason: "x" }), 1062, 409);
      expectError(await api(path, { token, id: 1, userId: id, money: "5", reason: "x" }), 1073);
    }
    expect(await balanceCents(id)).toBe(0);
    expect(await count("audit_log")).toBe(audits);
  });
});

describe("adjust (admin top-up and debit)", () => {
  it("credits with topup and debits with debit, each with the player's text in the ledger and the note kept for the console", async () => {
    const { id, token } = await player();
    const credit = await adjust({
      userId: id,
      money: "120.50",
      text: "promotion",
      reason: "spring campaign, ticket 4411",
      request_id: requestId(),
    });
    expectOk(credit);
    expect(credit.data).toEqual({ status: "done", userId: id, amount: 120.5, balance: 120.5 });
    const debit = await adjust({
      userId: id,
      money: -20.5,
      text: "bonusReversal",
      reason: "chargeback",
      request_id: requestId(),
    });
    expectOk(debit);
    expect(debit.data).toEqual({ status: "done", userId: id, amount: -20.5, balance: 100 });
    const rows = await (
      await playerD1(id)
    )
      .prepare(
        `SELECT amount_cents, type, reason, reason_key, reason_params FROM ${quotedTable(ledger)} WHERE user_id = ? ORDER BY id`,
      )
      .bind(id)
      .all();
    expect(rows.results).toEqual([
      {
        amount_cents: 12_050,
        type: "topup",
        reason: "Promotion credit",
        reason_key: "adjustment",
        reason_params: '{"text":"promotion"}',
      },
      {
        amount_cents: -2_050,
        type: "debit",
        reason: "Bonus withdrawn",
        reason_key: "adjustment",
        reason_params: '{"text":"bonusReversal"}',
      },
    ]);
    // the note sits beside the row for the console, and never in what the player is answered
    const notes = await (
      await playerD1(id)
    )
      .prepare(`SELECT operator_note FROM ${quotedTable(ledger)} WHERE user_id = ? ORDER BY id`)
      .bind(id)
      .all();
    expect(notes.results).toEqual([{ operator_note: "spring campaign, ticket 4411" }, { operator_note: "chargeback" }]);
    const flow = await api("/api/Game/getfinanceflow", { token, type: "all" });
    expectOk(flow);
    expect(flow.data.list).toHaveLength(2);
    expect(JSON.stringify(flow)).not.toMatch(/spring campaign|chargeback/);
    expect(await auditCount("balance.credit", `user:${id}`)).toBe(1);
    expect(await auditCount("balance.debit", `user:${id}`)).toBe(1);
    const audit = await everywhere(
      `SELECT actor_id, before, after FROM ${quotedTable(auditLog)} WHERE action = 'balance.debit' AND target = ?`,
    )
      .bind(`user:${id}`)
      .first<{ actor_id: number; before: string; after: string }>();
    expect(audit!.actor_id).toBe(2);
    expect(JSON.parse(audit!.before)).toEqual({ balance: 120.5 });
    expect(JSON.parse(audit!.after)).toEqual({
      balance: 100,
      amount: -20.5,
      text: "bonusReversal",
      reason: "chargeback",
      // the adjustment's row, whose short reference the console writes (docs/decisions/195)
      adjustment: expect.any(Number),
    });
    await expectMoneyInvariants();
  });

  it("cannot overdraw: a debit beyond the balance is 1025 and writes nothing", async () => {
    const { id } = await player(10);
    expectError(await adjust({ userId: id, money: "-10.01", reason: "fee" }), 1025);
    expect(await balanceCents(id)).toBe(1_000);
    expect(await auditCount("balance.debit", `user:${id}`)).toBe(0);
    expectOk(await adjust({ userId: id, money: "-10", reason: "fee" }));
    expect(await balanceCents(id)).toBe(0);
    await expectMoneyInvariants();
  });

  it("lets only the affordable debits through when they race", async () => {
    const { id } = await player(50);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => adjust({ userId: id, money: "-20", reason: "race", request_id: requestId() })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(2);
    for (const a of answers.filter((x) => x.code !== 1)) expectError(a, 1025);
    expect(await balanceCents(id)).toBe(1_000);
    expect(await auditCount("balance.debit", `user:${id}`)).toBe(2);
    await expectMoneyInvariants();
  });

  it("makes a repeated request_id one movement; without one, two players in a minute are two movements", async () => {
    const a = await player();
    const b = await player();
    const key = requestId();
    await Promise.all([1, 2, 3].map(() => adjust({ userId: a.id, money: "5", reason: "bonus", request_id: key })));
    expect(await balanceCents(a.id)).toBe(500);
    expectOk(await adjust({ userId: a.id, money: "7", reason: "bonus" }));
    expectOk(await adjust({ userId: b.id, money: "7", reason: "bonus" }));
    expect(await balanceCents(a.id)).toBe(1_200);
    expect(await balanceCents(b.id)).toBe(700);
    // A repeated debit of the whole balance answers the one debit made, not 1025.
    const debitKey = requestId();
    expectOk(await adjust({ userId: b.id, money: "-7", reason: "fee", request_id: debitKey }));
    const repeat = await adjust({ userId: b.id, money: "-7", reason: "fee", request_id: debitKey });
    expectOk(repeat);
    expect(repeat.data).toEqual({ status: "done", userId: b.id, amount: -7, balance: 0 });
    expect(await auditCount("balance.debit", `user:${b.id}`)).toBe(1);
    await expectMoneyInvariants();
  });

  it("refuses a missing or unknown text (1198) and a text that does not fit the amount's sign (1199), moving nothing", async () => {
    const { id } = await player(50);
    const audits = await count("audit_log");
    for (const text of [undefined, "", "gift", 5])
      expectError(await adjust({ userId: id, money: "5", text, reason: "x" }), 1198);
    expectError(await adjust({ userId: id, money: "-5", text: "bonus", reason: "x" }), 1199);
    expectError(await adjust({ userId: id, money: "-5", text: "compensation", reason: "x" }), 1199);
    expectError(await adjust({ userId: id, money: "5", text: "bonusReversal", reason: "x" }), 1199);
    // above the second-operator threshold too: refused, not queued
    expectError(await adjust({ userId: id, money: "15000", text: "bonusReversal", reason: "x" }), 1199);
    expect(await balanceCents(id)).toBe(5_000);
    expect(await count("audit_log")).toBe(audits);
    expect(await count("adjustment_requests", "user_id = ?", id)).toBe(0);
    expectOk(await adjust({ userId: id, money: "-5", text: "correction", reason: "x" }));
    expectOk(await adjust({ userId: id, money: "5", text: "correction", reason: "x" }));
    await expectMoneyInvariants();
  });

  it("refuses unknown players and the house (1002), bad amounts (1050), empty reasons (1087)", async () => {
    const { id } = await player();
    expectError(await adjust({ userId: 999_999, money: "5", reason: "x" }), 1002);
    expectError(await adjust({ userId: 1, money: "5", reason: "x" }), 1002);
    for (const money of ["0", 0, "abc", "1.001", "--5", "", undefined, "5e2"])
      expectError(await adjust({ userId: id, money, reason: "x" }), 1050);
    for (const reason of ["", "   ", undefined]) expectError(await adjust({ userId: id, money: "5", reason }), 1087);
    expectError(await adjust({ userId: id, money: "5", reason: "r".repeat(201) }), 1001);
    expectError(await adjust({ userId: "me", money: "5", reason: "x" }), 1001);
    expect(await balanceCents(id)).toBe(0);
  });
});

describe("request queues", () => {
  it("lists deposits by status and player, pending oldest first, with who asked, their balance and who decided", async () => {
    const { token, id, username } = await player();
    const op = await operator();
    const ids: number[] = [];
    for (const money of ["10", "20", "30", "40"]) {
      const answer = await api("/api/Game/recharge", {
        ...(await paidInto()),
        token,
        money,
        pay_name: "Payer",
        request_id: requestId(),
      });
      ids.push(answer.data.id);
    }
    expectOk(await api("/api/admin/deposits/approve", { token: op, id: ids[0] }));
    expectOk(await api("/api/admin/deposits/reject", { token: op, id: ids[1], note: "#duplicate dup" }));
    const pending = await api("/api/admin/deposits", { token: op, userId: id });
    expectOk(pending);
    // the queue is worked from the oldest request
    expect(pending.data.list.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[3]]);
    const all = await api("/api/admin/deposits", { token: op, userId: id, status: "all" });
    expect(all.data.list.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(all.data.list[2]).toEqual({
      id: ids[1],
      money: 20,
      pay_name: "Payer",
      payee: { name: SITE_PAYEE.name, account: SITE_PAYEE.account },
      pay_ref: "FT2612070001",
      status: "rejected",
      time: expect.any(Number),
      decidedAt: expect.any(Number),
      note: "#duplicate dup",
      userId: id,
      username,
      balance: 10,
      decidedBy: "admin",
      firstApprovedBy: null,
      refusedBecause: null,
      approvalStep: null,
    });
    const approved = await api("/api/admin/deposits", { token: op, userId: id, status: "approved" });
    expect(approved.data.list.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expectError(await api("/api/admin/deposits", { token: op, status: "maybe" }), 1001);
    await expectMoneyInvariants();
  });

  it("lists withdrawals with the full payout account and the player", async () => {
    const { token, id, username } = await player(100);
    const card = await addBank(token);
    expectOk(
      await api("/api/Game/withdraw", {
        token,
        bank_id: card.id,
        money: "25",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    // Deleting the card later keeps its details on the request.
    expectOk(await api("/api/Game/delbankcard", { token, id: card.id }));
    const answer = await api("/api/admin/withdrawals", { token: await operator(), userId: id });
    expectOk(answer);
    expect(answer.data.list).toEqual([
      {
        id: expect.any(Number),
        money: 25,
        status: "pending",
        time: expect.any(Number),
        decidedAt: null,
        note: "",
        payout_ref: "",
        userId: id,
        username,
        balance: 75,
        decidedBy: null,
        refusedBecause: null,
        // a bank account's withdrawal pays no coins: no quote (a coin wallet's: tests/coin-payout-quote.test.ts)
        coin: null,
        card: {
          id: card.id,
          type: "Bank",
          username: "Nguyen Van A",
          account: card.account,
          bank: "Vietcombank",
          area: "Hanoi",
          address: "",
          network: "",
          time: expect.any(Number),
        },
      },
    ]);
    expect(answer.data).toMatchObject({ page: 1, hasMore: false });
  });

  it("names the network a coin withdrawal is sent on", async () => {
    const { token, id } = await player(100);
    const card = await addCoinAddress(token, "USDT", randomAddress("ERC20"));
    expectOk(
      await api("/api/Game/withdraw", {
        token,
        bank_id: card.id,
        money: "40",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const answer = await api("/api/admin/withdrawals", { token: await operator(), userId: id });
    expect(answer.data.list[0].card).toMatchObject({ type: "USDT", network: "ERC20", address: card.address });
  });
});
