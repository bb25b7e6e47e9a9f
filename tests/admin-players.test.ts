import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  api,
  count,
  expectError,
  expectMoneyInvariants,
  expectOk,
  login,
  operatorLogin,
  registerPlayer,
} from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import { auditCount, balanceCents, player, requestId } from "./wallet-helpers";
import { allDatabases, playerD1, walletDatabases } from "./shard-helpers";
import { placeOk, playerWith } from "./rooms-helpers";
import { depositRequests, rooms, games, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

describe("freezing a player", () => {
  it("logs the player out at once, refuses the login 403/1069, and is audited; unfreezing lets them back", async () => {
    const { token, id, username } = await player();
    const op = await operatorLogin();
    expectOk(await api("/api/Game/getuserinfo", { token }));
    expectOk(await api("/api/admin/players/freeze", { token: op, userId: id }));
    expectError(await api("/api/Game/getuserinfo", { token }), 1062, 409);
    expectError(await api("/api/Index/login", { username, password: "secret123" }), 1069, 403);
    expect(await auditRows("player.freeze", `user:${id}`)).toEqual([
      expect.objectContaining({
        actor_id: 2,
        before: JSON.stringify({ frozen: false }),
        after: JSON.stringify({ frozen: true }),
      }),
    ]);
    expectOk(await api("/api/admin/players/unfreeze", { token: op, userId: id }));
    expect(await auditCount("player.unfreeze", `user:${id}`)).toBe(1);
    await login(username, "secret123");
  });

  it("four eyes: an operator cannot freeze, unfreeze, credit or debit their own account (1123)", async () => {
    const op = await secondOperator();
    const token = await op.signIn();
    for (const path of [
      "/api/admin/players/freeze",
      "/api/admin/players/unfreeze",
      "/api/admin/players/revoke-sessions",
    ]) {
      expectError(await api(path, { token, userId: op.id }), 1123);
    }
    expectError(
      await api("/api/admin/adjust", { text: "correction", token, userId: op.id, money: "10", reason: "me" }),
      1123,
    );
    expect(await balanceCents(op.id)).toBe(0);
  });
});

describe("operator decisions on their own requests", () => {
  // Four eyes on deposits (docs/decisions/061) with wallet shards (docs/decisions/161): an operator's account is a
  // control row with no wallet. No shard has their users row, so no shard can hold a deposit of theirs (its
  // user_id references the shard's users), and the player API refuses an operator's session (1062,
  // tests/operators-trust.test.ts). In one database the control database is the wallet too: the operator's
  // deposit can exist there, and the console refuses the operator's own approval (1123) while another operator
  // credits it once. At four shards the rule holds as "there is nothing of theirs to decide": a deposit row
  // naming the operator is refused by every shard, and one left in the control database is no request the
  // console decides (1088) for the operator or another one; nothing moves.
  it("cannot approve their own deposit (1123); another operator can, once", async () => {
    const op = await secondOperator();
    const now = Date.now();
    const insert = (d1: D1Database, key: string) =>
      d1
        .prepare(
          `INSERT INTO ${quotedTable(depositRequests)} (user_id, amount_cents, pay_name, idempotency_key, created_at_ms) VALUES (?, 5000, 'me', ?, ?) RETURNING id`,
        )
        .bind(op.id, key, now)
        .first<{ id: number }>();
    const oneDatabase = allDatabases().length === 1;
    if (!oneDatabase)
      for (const [shard, d1] of walletDatabases().entries())
        await expect(insert(d1, `own:${now}:${shard}`)).rejects.toThrow(/FOREIGN KEY/);
    const row = await insert(env.DB, `own:${now}`);
    const other = await operatorLogin();
    if (oneDatabase) {
      expectError(await api("/api/admin/deposits/approve", { token: await op.signIn(), id: row!.id }), 1123);
      expect(await balanceCents(op.id)).toBe(0);
      expectOk(await api("/api/admin/deposits/approve", { token: other, id: row!.id, note: "checked" }));
      expectError(await api("/api/admin/deposits/approve", { token: other, id: row!.id }), 1068);
      expect(await balanceCents(op.id)).toBe(5000);
    } else {
      expectError(await api("/api/admin/deposits/approve", { token: await op.signIn(), id: row!.id }), 1088);
      expectError(await api("/api/admin/deposits/approve", { token: other, id: row!.id, note: "checked" }), 1088);
      expect(await balanceCents(op.id)).toBe(0);
      expect(await count("ledger", "user_id = ?", op.id)).toBe(0);
      expect(await count("deposit_requests", "user_id = ? AND status = 'pending'", op.id)).toBe(1);
      expect(await count("solo_allowances", "user_id = ?", op.id)).toBe(0);
    }
    await expectMoneyInvariants();
  });
});

describe("credits and debits above the threshold", () => {
  it("wait for a second operator; the asker cannot approve; approving twice credits once", async () => {
    const { id } = await player();
    const first = await secondOperator();
    const firstToken = await first.signIn();
    const asked = await api("/api/admin/adjust", {
      text: "correction",
      token: firstToken,
      userId: id,
      money: "15000",
      reason: "VIP bonus",
      request_id: requestId(),
    });
    expectOk(asked);
    expect(asked.data).toMatchObject({ status: "pending", userId: id, amount: 15000 });
    expect(await balanceCents(id)).toBe(0);
    expect(await auditCount("balance.adjust.ask", `user:${id}`)).toBe(1);
    const queue = await api("/api/admin/adjustments", { token: firstToken });
    expect(queue.data.list).toContainEqual(
      expect.objectContaining({
        id: asked.data.id,
        username: expect.any(String),
        money: 15000,
        reason: "VIP bonus",
        requestedBy: first.username,
      }),
    );

    expectError(await api("/api/admin/adjustments/approve", { token: firstToken, id: asked.data.id }), 1123);
    const second = await operatorLogin();
    const approvals = await Promise.all(
      [1, 2, 3].map(() => api("/api/admin/adjustments/approve", { token: second, id: asked.data.id })),
    );
    expect(approvals.filter((a) => a.code === 1)).toHaveLength(1);
    approvals.filter((a) => a.code !== 1).forEach((a) => expectError(a, 1128));
    expect(await balanceCents(id)).toBe(1_500_000);
    expect(await auditCount("balance.adjust.approve", `user:${id}`)).toBe(1);
    await expectMoneyInvariants();
  });

  it("a rejected one moves nothing; a debit beyond the balance is refused at once (1025), and again on approval if the balance fell", async () => {
    const { id } = await player(30_000);
    const first = await (await secondOperator()).signIn();
    const second = await operatorLogin();
    const credit = await api("/api/admin/adjust", {
      text: "correction",
      token: first,
      userId: id,
      money: "20000",
      reason: "typo",
    });
    expectOk(await api("/api/admin/adjustments/reject", { token: second, id: credit.data.id }));
    expectError(await api("/api/admin/adjustments/approve", { token: second, id: credit.data.id }), 1128);
    const queued = await count("adjustment_requests", "user_id = ?", id);
    expectError(
      await api("/api/admin/adjust", {
        text: "correction",
        token: first,
        userId: id,
        money: "-30000.01",
        reason: "chargeback",
      }),
      1025,
    );
    expect(await count("adjustment_requests", "user_id = ?", id)).toBe(queued);
    const debit = await api("/api/admin/adjust", {
      text: "correction",
      token: first,
      userId: id,
      money: "-20000",
      reason: "chargeback",
    });
    expect(debit.data.status).toBe("pending");
    // two other operators, one small debit each (each stays under the threshold on its own)
    const third = await (await secondOperator()).signIn();
    for (const token of [second, third])
      expectOk(
        await api("/api/admin/adjust", { text: "correction", token, userId: id, money: "-9000", reason: "fees" }),
      );
    expectError(await api("/api/admin/adjustments/approve", { token: second, id: debit.data.id }), 1025);
    expect(await balanceCents(id)).toBe(1_200_000);
    expect(await auditCount("balance.adjust.reject", `user:${id}`)).toBe(1);
    await expectMoneyInvariants();
  });

  it("honour request_id: a repeated or racing submit queues one request and one audit row; another amount is 1095", async () => {
    const { id } = await player();
    const token = await (await secondOperator()).signIn();
    const key = requestId();
    const body = { token, userId: id, money: "12000", text: "bonus", reason: "bonus", request_id: key };
    const answers = await Promise.all([1, 2, 3].map(() => api("/api/admin/adjust", body)));
    answers.forEach(expectOk);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const again = await api("/api/admin/adjust", body);
    expect(again.data).toMatchObject({ status: "pending", id: answers[0].data.id, amount: 12000 });
    expectError(await api("/api/admin/adjust", { ...body, money: "13000" }), 1095);
    expect(await count("adjustment_requests", "user_id = ?", id)).toBe(1);
    expect(await auditCount("balance.adjust.ask", `user:${id}`)).toBe(1);
    // Without a key each submit is its own request, as before.
    expectOk(
      await api("/api/admin/adjust", { text: "correction", token, userId: id, money: "12000", reason: "bonus" }),
    );
    expect(await count("adjustment_requests", "user_id = ?", id)).toBe(2);
    expect(await balanceCents(id)).toBe(0);
  });

  it("refuses anything above the bound (1124 with the figure)", async () => {
    const { id } = await player();
    const answer = await api("/api/admin/adjust", {
      text: "correction",
      token: await operatorLogin(),
      userId: id,
      money: "100000.01",
      reason: "too much",
    });
    expectError(answer, 1124);
    expect(answer.info).toContain("100000");
    expect(await balanceCents(id)).toBe(0);
  });
});

describe("players: search, file, sessions, password", () => {
  it("names the room and the game of a player's bets in their file: rounds are read in the control database", async () => {
    // the player's wallet shard is a database of its own here; rounds and rooms are the control database's
    const p = await playerWith(10_000);
    await placeOk(p.token, 15, [[0, 1.98, 20]]);
    const room = await env.DB.prepare(
      `SELECT r.title, g.title_key AS titleKey FROM ${quotedTable(rooms)} r JOIN ${quotedTable(games)} g ON g.id = r.game_id WHERE r.id = 15`,
    ).first<{ title: string; titleKey: string }>();
    const file = await api("/api/admin/players/get", { token: await operatorLogin(), userId: p.userId });
    expectOk(file);
    expect(file.data.bets).toEqual([
      expect.objectContaining({ room: room!.title, titleKey: room!.titleKey, stake: 20 }),
    ]);
  });

  it("finds by username prefix or phone, one page, and shows the player's file", async () => {
    const { id, username } = await player(30);
    const op = await operatorLogin();
    const byName = await api("/api/admin/players", { token: op, query: username.slice(0, -1).toUpperCase() });
    expect(byName.data.list.map((p: { id: number }) => p.id)).toContain(id);
    const phone = (await (
      await playerD1(id)
    )
      .prepare(`SELECT phone FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(id)
      .first<{ phone: string }>())!.phone;
    const byPhone = await api("/api/admin/players", { token: op, query: phone.slice(2) });
    expect(byPhone.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
    // the whole number in another spelling finds the E.164 one (docs/decisions/168)
    const national = phone.slice(3);
    const spelled = `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
    const bySpelling = await api("/api/admin/players", { token: op, query: spelled });
    expect(bySpelling.data.list.map((p: { id: number; phone: string }) => [p.id, p.phone])).toEqual([[id, phone]]);
    expect((await api("/api/admin/players", { token: op, query: "%" })).data.list).toEqual([]);
    const file = await api("/api/admin/players/get", { token: op, userId: id });
    expectOk(file);
    expect(file.data.user).toMatchObject({ id, username, money: 30, frozen: false, level: 1 });
    expect(file.data.ledger).toEqual([
      expect.objectContaining({
        amount: 30,
        type: "topup",
        kind: "adjustment",
        reason: "Balance correction",
        note: "test funds",
      }),
    ]);
    expect(file.data.sessions.length).toBe(1);
    expectError(await api("/api/admin/players/get", { token: op, userId: 1 }), 1002);
  });

  it("revokes sessions and resets the login password, each audited", async () => {
    const { token, id, username } = await registerPlayer().then(async (p) => ({
      ...p,
      id: (await api("/api/Game/getuserinfo", { token: p.token })).data.id,
    }));
    const op = await operatorLogin();
    expectOk(await api("/api/admin/players/revoke-sessions", { token: op, userId: id }));
    expectError(await api("/api/Game/getuserinfo", { token }), 1062, 409);
    const reset = await api("/api/admin/players/reset-password", { token: op, userId: id });
    expectOk(reset);
    expectError(await api("/api/Index/login", { username, password: "secret123" }), 1003);
    await login(username, reset.data.password);
    expect(await auditCount("player.sessions.revoke", `user:${id}`)).toBe(1);
    expect(await auditCount("player.password.reset", `user:${id}`)).toBe(1);
  });
});
