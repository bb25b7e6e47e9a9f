import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { PAY_PASSWORD, addCoinAddress, balanceCents, operator, player, requestId, paidInto } from "./wallet-helpers";
import { secondOperator } from "./admin-helpers";
import { Browser } from "./pages";
import { walletHandle } from "../worker/db/client";
import { accrueFinance } from "../worker/finance/accrue";
import { applyDueLimitChanges } from "../worker/protection/service";
import enCommon from "../locales/en/common.json";
import viCommon from "../locales/vi/common.json";
import zhCNCommon from "../locales/zh-CN/common.json";
import zhTWCommon from "../locales/zh-TW/common.json";
import { requestRef } from "#shared/request-ref";
import { everywhere, playerD1, rowD1 } from "./shard-helpers";
import {
  withdrawalRequests,
  depositRequests,
  notices as noticesTable,
  financeOrders,
  playLimits,
} from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// docs/decisions/142: a notice is written in the batch of the decision it tells of, as a kind and its
// parameters; the inbox counts what is unread and reads what it showed.

const DAY = 86_400_000;

type Notice = { id: number; kind: string; params: Record<string, unknown>; time: number; read: boolean };

async function noticesOf(token: string): Promise<{ list: Notice[]; unread: number; next: number | null }> {
  const answer = await api("/api/Game/getnotices", { token });
  expectOk(answer);
  return answer.data;
}

async function depositOf(token: string, money: number) {
  const asked = await api("/api/Game/recharge", {
    ...(await paidInto()),
    token,
    money,
    pay_name: "Nguyen Van A",
    request_id: requestId(),
  });
  expectOk(asked);
  return asked.data.id as number;
}

async function withdrawalOf(token: string, money: number) {
  const card = (await api("/api/Game/getBankcardlist", { token })).data.list[0] ?? (await addCoinAddress(token));
  expectOk(
    await api("/api/Game/withdraw", { token, bank_id: card.id, money, pwd: PAY_PASSWORD, request_id: requestId() }),
  );
  const row = await everywhere(
    `SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE bank_card_id = ? ORDER BY id DESC`,
  )
    .bind(card.id)
    .first<{ id: number }>();
  return row!.id;
}

describe("notices of wallet decisions", () => {
  it("tells of a deposit credited and a deposit refused with its preset reason alone (the operator's words stay in the console)", async () => {
    const p = await player();
    const credited = await depositOf(p.token, 150);
    expectOk(await api("/api/admin/deposits/approve", { token: await operator(), id: credited }));
    const refused = await depositOf(p.token, 75.5);
    expectOk(
      await api("/api/admin/deposits/reject", {
        token: await operator(),
        id: refused,
        note: "#noPayment called twice",
      }),
    );
    const inbox = await noticesOf(p.token);
    expect(inbox.unread).toBe(2);
    expect(inbox.list.map((n) => [n.kind, n.params])).toEqual([
      ["depositRejected", { id: refused, amount: 75.5, note: "#noPayment" }],
      ["depositCredited", { id: credited, amount: 150, note: null }],
    ]);
    await expectMoneyInvariants();
  });

  it("tells of a withdrawal paid and one rejected (the amount back), each once", async () => {
    const p = await player(500);
    const paid = await withdrawalOf(p.token, 100);
    const rejected = await withdrawalOf(p.token, 40);
    expectOk(
      await api("/api/admin/withdrawals/approve", { token: await operator(), id: paid, payout_ref: "FT-TEST-0001" }),
    );
    expectOk(
      await api("/api/admin/withdrawals/reject", { token: await operator(), id: rejected, note: "#accountMismatch" }),
    );
    const inbox = await noticesOf(p.token);
    // (the funds the test player got by an operator's credit came with their own notice)
    expect(inbox.list.map((n) => [n.kind, n.params.id, n.params.amount, n.params.note, n.params.payoutRef])).toEqual([
      ["withdrawalRejected", rejected, 40, "#accountMismatch", undefined],
      // the paid one names the reference the player finds the money by
      ["withdrawalPaid", paid, 100, null, "FT-TEST-0001"],
      ["balanceCredited", undefined, 500, undefined, undefined],
    ]);
    // deciding again changes nothing and writes no second notice
    expectError(
      await api("/api/admin/withdrawals/reject", { token: await operator(), id: paid, note: "#other" }),
      1068,
    );
    expect(await count("notices", "user_id = ? AND kind LIKE 'withdrawal%'", p.id)).toBe(2);
    await expectMoneyInvariants();
  });

  it("never shows a player another player's notices", async () => {
    const a = await player();
    const b = await player();
    expectOk(await api("/api/admin/deposits/approve", { token: await operator(), id: await depositOf(a.token, 20) }));
    expect((await noticesOf(b.token)).list).toEqual([]);
    expect((await noticesOf(a.token)).list).toHaveLength(1);
    expectError(await api("/api/Game/getnotices", {}), 1062, 409);
  });
});

describe("a notice and its decision land together or not at all", () => {
  it("two operators approving one deposit at once: one credit, one notice", async () => {
    const p = await player();
    const id = await depositOf(p.token, 300);
    const other = await (await secondOperator(true, "cashier")).signIn();
    const answers = await Promise.all([
      api("/api/admin/deposits/approve", { token: await operator(), id }),
      api("/api/admin/deposits/approve", { token: other, id }),
      api("/api/admin/deposits/reject", { token: other, id, note: "#noPayment late" }),
    ]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const status = await rowD1(id)
      .prepare(`SELECT status FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(id)
      .first<{ status: string }>();
    const notices = await (
      await playerD1(p.id)
    )
      .prepare(`SELECT kind FROM ${quotedTable(noticesTable)} WHERE user_id = ?`)
      .bind(p.id)
      .all<{ kind: string }>();
    expect(notices.results.map((n) => n.kind)).toEqual([
      status!.status === "approved" ? "depositCredited" : "depositRejected",
    ]);
    expect(await balanceCents(p.id)).toBe(status!.status === "approved" ? 30_000 : 0);
    await expectMoneyInvariants();
  });

  it("a notice that cannot be written stops the decision: nothing credited, the request still pending", async () => {
    const p = await player();
    const id = await depositOf(p.token, 80);
    // the notice's key taken beforehand makes the notice statement fail inside the decision's batch
    await (
      await playerD1(p.id)
    )
      .prepare(
        `INSERT INTO ${quotedTable(noticesTable)} (user_id, kind, params, notice_key, created_at_ms) VALUES (?, 'depositCredited', '{}', ?, ?)`,
      )
      .bind(p.id, `deposit:${id}`, Date.now())
      .run();
    const answer = await api("/api/admin/deposits/approve", { token: await operator(), id });
    expect(answer.code).toBe(0);
    const row = await rowD1(id)
      .prepare(`SELECT status FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(id)
      .first<{ status: string }>();
    expect(row!.status).toBe("pending");
    expect(await balanceCents(p.id)).toBe(0);
    expect(await count("audit_log", "target = ?", `deposit:${id}`)).toBe(0);
    await expectMoneyInvariants();
  });
});

describe("notices of lock-ups and limits", () => {
  it("tells of a matured lock-up once, in the batch that pays its principal", async () => {
    const p = await player(200_000);
    expectOk(
      await api("/api/Game/producttransferin", {
        token: p.token,
        product_id: 1,
        money: "100000",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const order = await (
      await playerD1(p.id)
    )
      .prepare(`SELECT id, end_at_ms, daily_rate_ppm FROM ${quotedTable(financeOrders)} WHERE user_id = ?`)
      .bind(p.id)
      .first<{ id: number; end_at_ms: number; daily_rate_ppm: number }>();
    // the lock-up is in the player's wallet shard (docs/decisions/161)
    const db = walletHandle(await playerD1(p.id));
    await accrueFinance(db, order!.end_at_ms - 1);
    expect(await count("notices", "user_id = ? AND kind = 'lockupMatured'", p.id)).toBe(0);
    await Promise.all([accrueFinance(db, order!.end_at_ms + 1), accrueFinance(db, order!.end_at_ms + 2)]);
    const inbox = await noticesOf(p.token);
    const matured = inbox.list.filter((n) => n.kind === "lockupMatured");
    expect(matured).toHaveLength(1);
    expect(matured[0].params).toEqual({
      orderId: order!.id,
      amount: 100_000,
      interest: (15 * 100_000 * order!.daily_rate_ppm) / 1_000_000,
      days: 15,
    });
    expect(await count("ledger", "idempotency_key = ?", `principal:${order!.id}`)).toBe(1);
    await expectMoneyInvariants();
  });

  it("tells when a raised or removed limit comes into force, and folds it into the limit once", async () => {
    const p = await player();
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: "100" }));
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: "500" }));
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "loss", period: "week", money: "50" }));
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "loss", period: "week", money: "0" }));
    const db = walletHandle(await playerD1(p.id));
    expect(await applyDueLimitChanges(db, Date.now())).toBe(0);
    const later = Date.now() + DAY + 1_000;
    const [first, second] = await Promise.all([applyDueLimitChanges(db, later), applyDueLimitChanges(db, later)]);
    expect(first + second).toBe(2);
    const inbox = await noticesOf(p.token);
    expect(inbox.list.map((n) => n.params).sort((a, b) => String(a.kind).localeCompare(String(b.kind)))).toEqual([
      { kind: "loss", period: "week", amount: null },
      { kind: "stake", period: "day", amount: 500 },
    ]);
    const rows = await (
      await playerD1(p.id)
    )
      .prepare(`SELECT kind, amount_cents, pending_at_ms FROM ${quotedTable(playLimits)} WHERE user_id = ?`)
      .bind(p.id)
      .all();
    expect(rows.results).toEqual([{ kind: "stake", amount_cents: 50_000, pending_at_ms: null }]);
  });
});

describe("the inbox", () => {
  it("counts the unread, reads up to what it showed, and pages older notices", async () => {
    const p = await player();
    for (let i = 0; i < 22; i++) {
      await (
        await playerD1(p.id)
      )
        .prepare(
          `INSERT INTO ${quotedTable(noticesTable)} (user_id, kind, params, notice_key, created_at_ms) VALUES (?, 'depositCredited', ?, ?, ?)`,
        )
        .bind(p.id, JSON.stringify({ id: i + 1, amountCents: 1_000 }), `test:${p.id}:${i}`, Date.now())
        .run();
    }
    expect((await api("/api/Game/getnoticecount", { token: p.token })).data.unread).toBe(22);
    const first = await noticesOf(p.token);
    expect(first.list).toHaveLength(20);
    expect(first.next).toBe(first.list[19].id);
    const older = await api("/api/Game/getnotices", { token: p.token, before: first.next });
    expect(older.data.list).toHaveLength(2);
    expect(older.data.next).toBeNull();
    const read = await api("/api/Game/readnotices", { token: p.token, upTo: first.list[5].id });
    expect(read.data.unread).toBe(5);
    expectError(await api("/api/Game/readnotices", { token: p.token, upTo: "x" }), 1001);
  });

  it("shows the notices in the player's language on /message and marks them read, the count on the tab before", async () => {
    const p = await player(500);
    const id = await depositOf(p.token, 1234.5);
    expectOk(await api("/api/admin/deposits/reject", { token: await operator(), id, note: "#noPayment" }));
    const paid = await withdrawalOf(p.token, 100);
    expectOk(
      await api("/api/admin/withdrawals/approve", { token: await operator(), id: paid, payout_ref: "FT-VI-0042" }),
    );
    const browser = await new Browser().logIn(p.username, "secret123");
    browser.cookies.set("lng", "vi");
    const userHtml = await (await browser.get("/user?lng=vi")).text();
    expect(userHtml).toContain('data-testid="menu-unread"');
    expect(userHtml).toContain('data-testid="tab-unread"');
    const html = await (await browser.get("/message?tab=inbox&lng=vi")).text();
    expect(html).toContain("Lần nạp không được cộng");
    expect(html).toContain(`Lần nạp ${requestRef("deposit", id)} với 1,234.50`);
    expect(html).toContain("Lý do: Chưa nhận được tiền.");
    expect(html).toContain(`Lần rút ${requestRef("withdrawal", paid)} với 100.00`);
    expect(html).toContain("Mã chi trả: FT-VI-0042.");
    expect((await api("/api/Game/getnoticecount", { token: p.token })).data.unread).toBe(0);
    expect(await (await browser.get("/notice-count")).json()).toEqual({ unread: 0 });
    expect(await (await new Browser().get("/notice-count")).json()).toEqual({ unread: 0 });
  });
});

describe("the player reads a rejection's preset only, never the operator's typed words", () => {
  const presets = {
    en: enCommon.presets,
    vi: viCommon.presets,
    "zh-CN": zhCNCommon.presets,
    "zh-TW": zhTWCommon.presets,
  };

  it("keeps typed text out of the answers, the inbox, the deposit list and the withdrawal list in every language", async () => {
    const p = await player(500);
    const op = await operator();
    const deposit = await depositOf(p.token, 30);
    expectOk(
      await api("/api/admin/deposits/reject", {
        token: op,
        id: deposit,
        note: "#noPayment TYPED-deposit called the bank",
      }),
    );
    const withdrawal = await withdrawalOf(p.token, 40);
    expectOk(
      await api("/api/admin/withdrawals/reject", {
        token: op,
        id: withdrawal,
        note: "#accountMismatch TYPED-withdrawal name differs",
      }),
    );
    // a rejection stored before presets were required: free text on the request and in its notice
    const old = await depositOf(p.token, 20);
    await rowD1(old)
      .prepare(
        `UPDATE ${quotedTable(depositRequests)} SET status = 'rejected', note = 'TYPED-old free text', decided_at_ms = ? WHERE id = ?`,
      )
      .bind(Date.now(), old)
      .run();
    await (
      await playerD1(p.id)
    )
      .prepare(
        `INSERT INTO ${quotedTable(noticesTable)} (user_id, kind, params, notice_key, created_at_ms) VALUES (?, 'depositRejected', ?, ?, ?)`,
      )
      .bind(
        p.id,
        JSON.stringify({ id: old, amountCents: 2000, note: "TYPED-old notice" }),
        `deposit:${old}`,
        Date.now(),
      )
      .run();

    const answers = [
      await api("/api/Game/getnotices", { token: p.token }),
      await api("/api/game/getrechargelist", { token: p.token }),
      await api("/api/game/getwithdrawlist", { token: p.token }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain("TYPED");
    expect(
      (await noticesOf(p.token)).list.filter((n) => n.kind !== "balanceCredited").map((n) => n.params.note),
    ).toEqual(["#other", "#accountMismatch", "#noPayment"]);

    // the console still reads the operator's note
    const desk = await api("/api/admin/deposits", { token: op, userId: p.id, status: "all" });
    expect(JSON.stringify(desk.data)).toContain("TYPED-deposit called the bank");

    const browser = await new Browser().logIn(p.username, "secret123");
    for (const [lng, words] of Object.entries(presets)) {
      browser.cookies.set("lng", lng);
      const pages = [
        { path: `/message?tab=inbox&lng=${lng}`, reasons: [words.noPayment, words.accountMismatch, words.other] },
        { path: `/recharge?lng=${lng}`, reasons: [words.noPayment, words.other] },
        { path: `/withdraw?lng=${lng}`, reasons: [words.accountMismatch] },
      ];
      for (const page of pages) {
        const html = await (await browser.get(page.path)).text();
        expect(html, `${lng} ${page.path}`).not.toContain("TYPED");
        for (const reason of page.reasons) expect(html, `${lng} ${page.path}`).toContain(reason);
      }
    }
  });
});
