import { afterEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { api, expectError, expectMoneyInvariants, expectOk, login } from "../helpers";
import { addBank, PAY_PASSWORD, requestId, paidInto } from "../wallet-helpers";
import {
  balanceIn,
  nowhere,
  onlyIn,
  onlyInControl,
  playersInShards,
  rowsWhere,
  shardD1,
  signedOperator,
} from "./console-decisions-helpers";
import { accountDirectory, depositRequests } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The console's decisions over four wallet shards that are four databases (docs/decisions/161): each one writes
// the player's rows, its money move, the player's notice and its audit row in the player's shard, in one batch;
// nothing of it lands in another shard or in the control database, which keeps the operators and the allowance
// of what one operator moves alone.

const audit = (action: string, target: string) => rowsWhere("audit_log", "action = ? AND target = ?", action, target);
const notices = (userId: number, kind: string) => rowsWhere("notices", "user_id = ? AND kind = ?", userId, kind);

async function deposit(token: string, money: number) {
  const asked = await api("/api/Game/recharge", {
    ...(await paidInto()),
    token,
    money,
    pay_name: "Tran Thi B",
    request_id: requestId(),
  });
  expectOk(asked);
  return asked.data.id as number;
}

afterEach(expectMoneyInvariants);

describe("deposit decisions in the player's shard", () => {
  it("approves alone, first and second, and rejects, each in the shard of the request", async () => {
    const players = await playersInShards(2);
    const [one, two] = [await signedOperator("cashier"), await signedOperator("cashier")];
    for (const p of players) {
      // alone: the credit, its notice and audit row in the shard; the allowance in the control database
      const small = await deposit(p.token, 150);
      const approved = await api("/api/admin/deposits/approve", { token: one.token, id: small });
      expectOk(approved);
      expect(approved.data).toMatchObject({ status: "approved", balance: 150 });
      expect(await rowsWhere("deposit_requests", "id = ? AND status = 'approved'", small)).toEqual(onlyIn(p.shard));
      expect(await rowsWhere("ledger", "idempotency_key = ?", `deposit:${small}`)).toEqual(onlyIn(p.shard));
      expect(await rowsWhere("solo_adjustments", "ledger_key = ?", `deposit:${small}`)).toEqual(onlyIn(p.shard));
      expect(await audit("deposit.approve", `deposit:${small}`)).toEqual(onlyIn(p.shard));
      expect(await notices(p.id, "depositCredited")).toEqual(onlyIn(p.shard));
      const reserved = await rowsWhere("solo_allowances", "reservation_key = ?", `${one.id}:deposit:${small}`);
      expect(reserved).toEqual(onlyInControl());

      // above the threshold: the first approval marks it in the shard, a second operator's credits it there
      const large = await deposit(p.token, 20_000);
      const first = await api("/api/admin/deposits/approve", { token: one.token, id: large });
      expectOk(first);
      expect(first.data).toMatchObject({ status: "pending", waitsBecause: "threshold" });
      expect(await audit("deposit.approve.first", `deposit:${large}`)).toEqual(onlyIn(p.shard));
      expectError(await api("/api/admin/deposits/approve", { token: one.token, id: large }), 1232);
      const second = await api("/api/admin/deposits/approve", { token: two.token, id: large });
      expectOk(second);
      expect(second.data).toMatchObject({ status: "approved", balance: 20_150 });
      expect(await rowsWhere("ledger", "idempotency_key = ?", `deposit:${large}`)).toEqual(onlyIn(p.shard));
      expect(await audit("deposit.approve", `deposit:${large}`)).toEqual(onlyIn(p.shard));
      expect(await rowsWhere("solo_allowances", "reservation_key LIKE ?", `%:deposit:${large}`)).toEqual(nowhere());

      const refused = await deposit(p.token, 300);
      expectOk(await api("/api/admin/deposits/reject", { token: two.token, id: refused, note: "#noPayment" }));
      expect(await rowsWhere("deposit_requests", "id = ? AND status = 'rejected'", refused)).toEqual(onlyIn(p.shard));
      expect(await audit("deposit.reject", `deposit:${refused}`)).toEqual(onlyIn(p.shard));
      expect(await notices(p.id, "depositRejected")).toEqual(onlyIn(p.shard));
      expectError(await api("/api/admin/deposits/approve", { token: one.token, id: refused }), 1068);
      expect(await balanceIn(p)).toBe(2_015_000);
    }
    expectError(await api("/api/admin/deposits/approve", { token: one.token, id: 987_654_321 }), 1088);
  });
});

describe("withdrawal decisions in the player's shard", () => {
  it("marks one paid with its payout reference and rejects another with its refund, in the shard", async () => {
    const players = await playersInShards(2, 500);
    const cashier = await signedOperator("cashier");
    for (const p of players) {
      const bank = await addBank(p.token);
      const ask = () =>
        api("/api/Game/withdraw", {
          token: p.token,
          bank_id: bank.id,
          money: 100,
          pwd: PAY_PASSWORD,
          request_id: requestId(),
        });
      expectOk(await ask());
      expectOk(await ask());
      expect(await rowsWhere("withdrawal_requests", "user_id = ?", p.id)).toEqual(onlyIn(p.shard, 2));
      const list = await api("/api/Game/getWithdrawlist", { token: p.token, page: 1 });
      const [later, earlier] = (list.data.list as { id: number }[]).map((r) => r.id);
      expectError(await api("/api/admin/withdrawals/approve", { token: cashier.token, id: earlier, note: "" }), 1204);
      const paid = await api("/api/admin/withdrawals/approve", {
        token: cashier.token,
        id: earlier,
        note: "",
        payout_ref: "VCB-2026-0001",
      });
      expectOk(paid);
      expect(await rowsWhere("withdrawal_requests", "id = ? AND status = 'approved'", earlier)).toEqual(
        onlyIn(p.shard),
      );
      const paidAudit = await audit("withdrawal.approve", `withdrawal:${earlier}`);
      expect(paidAudit).toEqual(onlyIn(p.shard));
      expect(await notices(p.id, "withdrawalPaid")).toEqual(onlyIn(p.shard));
      expectOk(
        await api("/api/admin/withdrawals/reject", { token: cashier.token, id: later, note: "#accountInvalid" }),
      );
      expect(await rowsWhere("ledger", "idempotency_key = ?", `withdraw-refund:${later}`)).toEqual(onlyIn(p.shard));
      expect(await audit("withdrawal.reject", `withdrawal:${later}`)).toEqual(onlyIn(p.shard));
      expect(await notices(p.id, "withdrawalRejected")).toEqual(onlyIn(p.shard));
      expect(await balanceIn(p)).toBe(40_000);
    }
  });

  it("keeps the four-eyes rule inside the shard: whoever credited a player does not pay their withdrawal (1171)", async () => {
    const [p] = await playersInShards(1);
    const op = await signedOperator("admin");
    const credit = { token: op.token, userId: p.id, money: 300, text: "correction", reason: "goodwill" };
    expectOk(await api("/api/admin/adjust", { ...credit, request_id: requestId() }));
    const bank = await addBank(p.token);
    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: bank.id,
        money: 100,
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const [row] = (await api("/api/Game/getWithdrawlist", { token: p.token, page: 1 })).data.list;
    const approve = { token: op.token, id: row.id, note: "", payout_ref: "VCB-2026-0002" };
    expectError(await api("/api/admin/withdrawals/approve", approve), 1171);
    expect(await rowsWhere("withdrawal_requests", "id = ? AND status = 'pending'", row.id)).toEqual(onlyIn(p.shard));
  });
});

describe("credits, debits and the queue of adjustments in the player's shard", () => {
  it("credits alone, then asks, approves, rejects and cancels, each in the player's shard", async () => {
    const players = await playersInShards(2);
    const [asker, decider] = [await signedOperator("admin"), await signedOperator("admin")];
    for (const p of players) {
      const alone = await api("/api/admin/adjust", {
        token: asker.token,
        userId: p.id,
        money: 250,
        text: "correction",
        reason: "goodwill",
        request_id: requestId(),
      });
      expectOk(alone);
      expect(alone.data).toMatchObject({ status: "done", balance: 250 });
      expect(await audit("balance.credit", `user:${p.id}`)).toEqual(onlyIn(p.shard));
      expect(await notices(p.id, "balanceCredited")).toEqual(onlyIn(p.shard));
      expect(await rowsWhere("solo_adjustments", "user_id = ?", p.id)).toEqual(onlyIn(p.shard));

      const ask = (money: number) =>
        api("/api/admin/adjust", {
          token: asker.token,
          userId: p.id,
          money,
          text: "correction",
          reason: "large",
          request_id: requestId(),
        });
      const queued = await Promise.all([ask(20_000), ask(15_000), ask(30_000)]);
      for (const q of queued) expect(q.data).toMatchObject({ status: "pending", waitsBecause: "threshold" });
      expect(await rowsWhere("adjustment_requests", "user_id = ?", p.id)).toEqual(onlyIn(p.shard, 3));
      expect(await audit("balance.adjust.ask", `user:${p.id}`)).toEqual(onlyIn(p.shard, 3));
      const [approveIt, rejectIt, cancelIt] = queued.map((q) => q.data.id as number);
      expectError(await api("/api/admin/adjustments/approve", { token: asker.token, id: approveIt }), 1123);
      expectOk(await api("/api/admin/adjustments/approve", { token: decider.token, id: approveIt }));
      expect(await rowsWhere("ledger", "idempotency_key = ?", `adjustment:${approveIt}`)).toEqual(onlyIn(p.shard));
      expect(await audit("balance.adjust.approve", `user:${p.id}`)).toEqual(onlyIn(p.shard));
      expectOk(await api("/api/admin/adjustments/reject", { token: decider.token, id: rejectIt }));
      expect(await audit("balance.adjust.reject", `user:${p.id}`)).toEqual(onlyIn(p.shard));
      expectError(await api("/api/admin/adjustments/cancel", { token: decider.token, id: cancelIt }), 1179);
      expectOk(await api("/api/admin/adjustments/cancel", { token: asker.token, id: cancelIt }));
      expect(await audit("balance.adjust.cancel", `user:${p.id}`)).toEqual(onlyIn(p.shard));
      expectError(await api("/api/admin/adjustments/approve", { token: decider.token, id: cancelIt }), 1128);
      expect(await rowsWhere("adjustment_requests", "user_id = ? AND status = 'pending'", p.id)).toEqual(nowhere());
      expect(await balanceIn(p)).toBe(2_025_000);
    }
  });
});

describe("actions on a player's account in their shard", () => {
  it("freezes with the sessions ended, unfreezes, resets the password and notes a risk interaction there", async () => {
    const [p, other] = await playersInShards(2);
    const op = await signedOperator("admin");
    expectOk(await api("/api/admin/players/freeze", { token: op.token, userId: p.id }));
    expect(await rowsWhere("users", "id = ? AND frozen = 1", p.id)).toEqual(onlyIn(p.shard));
    expect(await rowsWhere("sessions", "user_id = ? AND revoked_at_ms IS NULL", p.id)).toEqual(onlyIn(p.shard, 0));
    expect(await audit("player.freeze", `user:${p.id}`)).toEqual(onlyIn(p.shard));
    expectError(await api("/api/Game/getuserinfo", { token: p.token }), 1062, 409);
    // the other player, in another shard, is untouched
    expectOk(await api("/api/Game/getuserinfo", { token: other.token }));

    expectOk(await api("/api/admin/players/unfreeze", { token: op.token, userId: p.id }));
    expect(await audit("player.unfreeze", `user:${p.id}`)).toEqual(onlyIn(p.shard));
    const reset = await api("/api/admin/players/reset-password", { token: op.token, userId: p.id });
    expectOk(reset);
    expect(await audit("player.password.reset", `user:${p.id}`)).toEqual(onlyIn(p.shard));
    expect(await login(p.username, reset.data.password)).toMatch(/^[0-9a-f]{64}$/);
    expectOk(await api("/api/admin/players/revoke-sessions", { token: op.token, userId: p.id }));
    expect(await audit("player.sessions.revoke", `user:${p.id}`)).toEqual(onlyIn(p.shard));

    const noted = await api("/api/admin/risk/interact", {
      token: op.token,
      userId: p.id,
      kind: "note",
      text: "called",
    });
    expectOk(noted);
    expect(noted.data.interactions[0]).toMatchObject({ kind: "note", text: "called", operator: expect.any(String) });
    expect(noted.data.interactions[0].operator).not.toBeNull();
    expect(await rowsWhere("risk_interactions", "user_id = ?", p.id)).toEqual(onlyIn(p.shard));
    expect(await audit("risk.note", `user:${p.id}`)).toEqual(onlyIn(p.shard));

    // an operator's own account is in no shard: refused as before, writing nothing
    expectError(await api("/api/admin/players/freeze", { token: op.token, userId: op.id }), 1123);
    expectError(await api("/api/admin/players/freeze", { token: op.token, userId: 987_654_321 }), 1002);
  });
});

/** Copies rows to another shard as they are (ids kept), as moving a player does. */
async function copyRows(table: string, where: string, bind: number, from: number, to: number) {
  const rows = await shardD1(from).prepare(`SELECT * FROM ${table} WHERE ${where}`).bind(bind).all();
  for (const row of rows.results as Record<string, unknown>[]) {
    const columns = Object.keys(row);
    await shardD1(to)
      .prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...columns.map((c) => row[c]))
      .run();
  }
}

describe("a moved player's requests keep their ids", () => {
  it("decides a request in the shard the directory names, wherever its id's range points", async () => {
    const [p, target] = await playersInShards(2);
    const cashier = await signedOperator("cashier");
    const [gone, stale] = [await deposit(p.token, 120), await deposit(p.token, 130)];
    // moved to the other player's shard: the account and both requests copied, the directory switched, the
    // first request deleted from its old shard, the second's old copy left behind (a move not finished)
    await copyRows("users", "id = ?", p.id, p.shard, target.shard);
    await copyRows("deposit_requests", "user_id = ?", p.id, p.shard, target.shard);
    await env.DB.prepare(`UPDATE ${quotedTable(accountDirectory)} SET shard = ? WHERE id = ?`)
      .bind(target.shard, p.id)
      .run();
    await shardD1(p.shard)
      .prepare(`DELETE FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(gone)
      .run();

    expectOk(await api("/api/admin/deposits/approve", { token: cashier.token, id: gone }));
    expectOk(await api("/api/admin/deposits/approve", { token: cashier.token, id: stale }));
    for (const id of [gone, stale]) {
      expect(await rowsWhere("ledger", "idempotency_key = ?", `deposit:${id}`)).toEqual(onlyIn(target.shard));
      expect(await audit("deposit.approve", `deposit:${id}`)).toEqual(onlyIn(target.shard));
    }
    // the copy left behind is not decided
    const left = await shardD1(p.shard)
      .prepare(`SELECT status FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(stale)
      .first();
    expect(left).toEqual({ status: "pending" });
    expect(await balanceIn({ ...p, shard: target.shard })).toBe(25_000);
    // a credit by the player's id goes to the directory's shard too
    const op = await signedOperator("admin");
    const credit = {
      token: op.token,
      userId: p.id,
      money: 5,
      text: "correction",
      reason: "moved",
      request_id: requestId(),
    };
    expect((await api("/api/admin/adjust", credit)).data).toMatchObject({ status: "done", balance: 255 });
    expect(await audit("balance.credit", `user:${p.id}`)).toEqual(onlyIn(target.shard));
  });
});
