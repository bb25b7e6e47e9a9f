import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import {
  auditCount,
  balanceCents,
  ledgerRows,
  operator,
  paidInto,
  player,
  requestId,
  SITE_PAYEE,
} from "./wallet-helpers";
import { requestRef } from "#shared/request-ref";
import { rowD1 } from "./shard-helpers";
import { settings, depositRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

async function setSetting(key: string, value: unknown) {
  await env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES (?, ?)`)
    .bind(key, JSON.stringify(value))
    .run();
}

async function clearSetting(key: string) {
  await env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = ?`)
    .bind(key)
    .run();
}

async function deposit(token: string, money: unknown = "100", extra: Record<string, unknown> = {}) {
  const answer = await api("/api/Game/recharge", {
    ...(await paidInto()),
    token,
    money,
    pay_name: "Le Van C",
    request_id: requestId(),
    ...extra,
  });
  expectOk(answer);
  return answer.data as { id: number; money: number; status: string };
}

describe("recharge", () => {
  it("needs a session", async () => {
    expectError(await api("/api/Game/recharge", { ...(await paidInto()), money: "100", pay_name: "x" }), 1062, 409);
  });

  it("refuses a blank amount (1114), a wrong amount (1050), one below the minimum (1070 with num) and a missing payer (1071), writing nothing", async () => {
    const { token } = await player();
    const before = await count("deposit_requests");
    for (const money of ["abc", "1.234", "1.2.3", "-5", "1e3", "1234567890123"]) {
      expectError(await api("/api/Game/recharge", { ...(await paidInto()), token, money, pay_name: "A" }), 1050);
    }
    for (const money of ["", " ", undefined, null])
      expectError(await api("/api/Game/recharge", { ...(await paidInto()), token, money, pay_name: "A" }), 1114);
    for (const money of ["9.99", 0, "0", "0.00", 5]) {
      const answer = await api("/api/Game/recharge", { ...(await paidInto()), token, money, pay_name: "A" });
      expectError(answer, 1070);
      expect(answer.data.num).toBe(10);
      expect(answer.info).toContain("10");
    }
    for (const pay_name of ["", "   ", undefined, 12])
      expectError(await api("/api/Game/recharge", { ...(await paidInto()), token, money: "10", pay_name }), 1071);
    expectError(
      await api("/api/Game/recharge", { ...(await paidInto()), token, money: "10", pay_name: "x".repeat(65) }),
      1001,
    );
    expect(await count("deposit_requests")).toBe(before);
  });

  it("follows the operator's deposit minimum", async () => {
    const { token } = await player();
    await setSetting("deposit_min_cents", 5_000);
    try {
      const answer = await api("/api/Game/recharge", { ...(await paidInto()), token, money: "49.99", pay_name: "A" });
      expectError(answer, 1070);
      expect(answer.data.num).toBe(50);
      expect((await api("/api/Game/getrechargelist", { token })).data.min).toBe(50);
      await deposit(token, "50");
    } finally {
      await clearSetting("deposit_min_cents");
    }
  });

  it("creates a pending request the player sees, and moves no money", async () => {
    const { token, id } = await player();
    const answer = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token,
      money: "10",
      pay_name: "  Le Van C  ",
    });
    expectOk(answer);
    expect(answer.data).toEqual({
      id: expect.any(Number),
      money: 10,
      pay_name: "Le Van C",
      payee: { name: SITE_PAYEE.name, account: SITE_PAYEE.account },
      pay_ref: "FT2612070001",
      status: "pending",
      time: expect.any(Number),
      decidedAt: null,
      note: "",
    });
    expect(await balanceCents(id)).toBe(0);
    expect(await ledgerRows(id)).toEqual([]);
    const list = await api("/api/Game/getrechargelist", { token });
    expectOk(list);
    expect(list.data).toEqual({
      list: [answer.data],
      page: 1,
      hasMore: false,
      next: null,
      prev: null,
      mode: "request",
      min: 10,
      kefu_url: expect.any(String),
      payees: [SITE_PAYEE],
    });
  });

  it("answers a repeated submit with the same request, never a second one", async () => {
    const { token, id } = await player();
    const key = requestId();
    const paid = await paidInto();
    const answers = await Promise.all(
      [1, 2, 3].map(() => api("/api/Game/recharge", { ...paid, token, money: "20.5", pay_name: "A", request_id: key })),
    );
    answers.forEach(expectOk);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    // Without a request_id every call is a new request (docs/decisions/052-idempotency-by-request-id.md).
    const plain = await Promise.all(
      [1, 2].map(() => api("/api/Game/recharge", { ...paid, token, money: "33", pay_name: "A" })),
    );
    expect(plain[0].data.id).not.toBe(plain[1].data.id);
    await deposit(token, "20.5");
    expect(await count("deposit_requests", "user_id = ?", id)).toBe(4);
  });

  it("keys are per player: the same request_id from two players makes two requests", async () => {
    const a = await player();
    const b = await player();
    const key = requestId();
    const first = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: a.token,
      money: "10",
      pay_name: "A",
      request_id: key,
    });
    const second = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: b.token,
      money: "99",
      pay_name: "B",
      request_id: key,
    });
    expect(second.data.id).not.toBe(first.data.id);
    expect(second.data.money).toBe(99);
    const bList = (await api("/api/Game/getrechargelist", { token: b.token })).data.list;
    expect(bList.map((r: { id: number }) => r.id)).toEqual([second.data.id]);
  });

  it("sends players to support when the operator asks for contact (2056 with the link), before reading the form", async () => {
    const { token } = await player();
    await setSetting("deposit_mode", "contact");
    await setSetting("kefu_url", "https://support.example/chat");
    try {
      const before = await count("deposit_requests");
      for (const body of [{ money: "100", pay_name: "A" }, {}]) {
        const answer = await api("/api/Game/recharge", { ...(await paidInto()), token, ...body });
        expectError(answer, 2056);
        expect(answer.data.kefu_url).toBe("https://support.example/chat");
      }
      expect((await api("/api/Game/getrechargelist", { token })).data.mode).toBe("contact");
      expect(await count("deposit_requests")).toBe(before);
    } finally {
      await clearSetting("deposit_mode");
      await clearSetting("kefu_url");
    }
  });

  it("pages the player's list, newest first", async () => {
    const { token } = await player();
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) ids.push((await deposit(token, String(10 + i))).id);
    const page1 = (await api("/api/Game/getrechargelist", { token })).data;
    expect(page1.list).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    expect(page1.list[0].id).toBe(ids[20]);
    const page2 = (await api("/api/Game/getrechargelist", { token, page: 2 })).data;
    expect(page2.list.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    expect(page2.hasMore).toBe(false);
    expectError(await api("/api/Game/getrechargelist", { token, page: 0 }), 1001);
  });
});

describe("operator decisions on deposits", () => {
  it("approving credits the player once (topup), shows approved to the player and is audited", async () => {
    const { token, id } = await player();
    const request = await deposit(token, "150.25");
    const answer = await api("/api/admin/deposits/approve", {
      token: await operator(),
      id: request.id,
      note: "bank slip ok",
    });
    expectOk(answer);
    expect(answer.data).toEqual({ id: request.id, status: "approved", balance: 150.25 });
    expect(await balanceCents(id)).toBe(15_025);
    expect(await ledgerRows(id)).toEqual([
      {
        amount_cents: 15_025,
        type: "topup",
        reason: `Deposit ${requestRef("deposit", request.id)}`,
        idempotency_key: `deposit:${request.id}`,
      },
    ]);
    expect(await auditCount("deposit.approve", `deposit:${request.id}`)).toBe(1);
    // the approval's note is the operator's: the player does not read it
    const mine = (await api("/api/Game/getrechargelist", { token })).data.list[0];
    expect(mine).toMatchObject({ id: request.id, status: "approved", note: "", decidedAt: expect.any(Number) });
    // Approving twice or rejecting an approved request is refused and changes nothing.
    expectError(await api("/api/admin/deposits/approve", { token: await operator(), id: request.id }), 1068);
    expectError(
      await api("/api/admin/deposits/reject", { token: await operator(), id: request.id, note: "#noPayment" }),
      1068,
    );
    expect(await balanceCents(id)).toBe(15_025);
    expect(await auditCount("deposit.reject", `deposit:${request.id}`)).toBe(0);
    await expectMoneyInvariants();
  });

  it("rejecting moves no money; a rejected request cannot be approved", async () => {
    const { token, id } = await player();
    const request = await deposit(token, "80");
    const answer = await api("/api/admin/deposits/reject", {
      token: await operator(),
      id: request.id,
      note: "#noPayment",
    });
    expectOk(answer);
    expect(answer.data).toEqual({ id: request.id, status: "rejected" });
    expectError(await api("/api/admin/deposits/approve", { token: await operator(), id: request.id }), 1068);
    expect(await balanceCents(id)).toBe(0);
    expect(await auditCount("deposit.reject", `deposit:${request.id}`)).toBe(1);
    expect((await api("/api/Game/getrechargelist", { token })).data.list[0]).toMatchObject({
      status: "rejected",
      note: "#noPayment",
    });
    await expectMoneyInvariants();
  });

  it("credits exactly once when approvals race", async () => {
    const { token, id } = await player();
    const request = await deposit(token, "70");
    const op = await operator();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => api("/api/admin/deposits/approve", { token: op, id: request.id })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 1)) expectError(a, 1068);
    expect(await balanceCents(id)).toBe(7_000);
    expect(await auditCount("deposit.approve", `deposit:${request.id}`)).toBe(1);
    await expectMoneyInvariants();
  });

  it("lets exactly one of a racing approve and reject win, with the money to match", async () => {
    for (let round = 0; round < 4; round++) {
      const { token, id } = await player();
      const request = await deposit(token, "40");
      const op = await operator();
      const [approve, reject] = await Promise.all([
        api("/api/admin/deposits/approve", { token: op, id: request.id }),
        api("/api/admin/deposits/reject", { token: op, id: request.id, note: "#noPayment" }),
      ]);
      expect([approve.code, reject.code].sort()).toEqual([0, 1]);
      const loser = approve.code === 1 ? reject : approve;
      expectError(loser, 1068);
      const row = await rowD1(request.id)
        .prepare(`SELECT status, amount_cents FROM ${quotedTable(depositRequests)} WHERE id = ?`)
        .bind(request.id)
        .first();
      expect(row).toEqual({ status: approve.code === 1 ? "approved" : "rejected", amount_cents: 4_000 });
      expect(await balanceCents(id)).toBe(approve.code === 1 ? 4_000 : 0);
    }
    await expectMoneyInvariants();
  });

  it("refuses an unknown request (1088) and a malformed id (1001)", async () => {
    const op = await operator();
    expectError(await api("/api/admin/deposits/approve", { token: op, id: 987_654 }), 1088);
    expectError(await api("/api/admin/deposits/reject", { token: op, id: 987_654, note: "#noPayment" }), 1088);
    for (const id of [undefined, "x", -3, 0])
      expectError(await api("/api/admin/deposits/approve", { token: op, id }), 1001);
    expectError(await api("/api/admin/deposits/reject", { token: op, id: 1, note: "n".repeat(201) }), 1001);
  });

  it("is for operators only (1073), and the player's own deposit cannot be approved by the player", async () => {
    const { token, id } = await player();
    const request = await deposit(token, "500");
    expectError(await api("/api/admin/deposits/approve", { token, id: request.id }), 1073);
    expectError(await api("/api/admin/deposits", { token }), 1073);
    expectError(await api("/api/admin/deposits/approve", { id: request.id }), 1062, 409);
    expect(await balanceCents(id)).toBe(0);
  });
});
