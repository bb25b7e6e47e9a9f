import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { PAY_PASSWORD, addCoinAddress, player, paidInto } from "./wallet-helpers";
import { parseRequestRef, requestRef } from "#shared/request-ref";
import { playerWith } from "./rooms-helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import { EXPORT_PAGE } from "../worker/insight/exports";
import { csvField } from "../worker/insight/csv";
import { dayStartMs, formatDate } from "#shared/days";
import { playerD1 } from "./shard-helpers";
import { users, ledger, withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const DAY = 24 * 60 * 60 * 1000;

function exportCall(body: Record<string, unknown>) {
  return exports.default.fetch("https://app.test/api/admin/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("CSV exports", () => {
  it("stream 100,000 ledger rows a page at a time, in order, audited", async () => {
    const op = await operatorLogin();
    const player = await playerWith(0);
    // 50,000 one-cent credits to the player and their 50,000 house mirrors, on a day of their own
    // (ten days ago), balances moved to match: the books still hold.
    const day = dayStartMs(Date.now()) - 10 * DAY;
    // in the player's shard, whose house row is the other side
    const shard = await playerD1(player.userId);
    const house = (await shard
      .prepare(`SELECT money_cents AS m FROM ${quotedTable(users)} WHERE id = 1`)
      .first<{ m: number }>())!.m;
    await shard.batch([
      shard
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
         INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
         SELECT ?, 1, i - 1, i, 'topup', 'bulk, "quoted"', 'bulk:' || i, ? + i FROM n`,
        )
        .bind(player.userId, day),
      shard
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
         INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
         SELECT 1, -1, ? - (i - 1), ? - i, 'topup', 'bulk', 'bulk:' || i || ':house', ? + i FROM n`,
        )
        .bind(house, house, day),
      shard
        .prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + 50000 WHERE id = ?`)
        .bind(player.userId),
      shard.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents - 50000 WHERE id = 1`),
    ]);
    const response = await exportCall({ token: op, kind: "ledger", from: formatDate(day), to: formatDate(day) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain(`ledger_${formatDate(day)}_${formatDate(day)}.csv`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let chunks = 0;
    let rows = 0;
    let largest = 0;
    let last = [0, 0];
    let playerCents = 0;
    let rest = "";
    let header = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      const lines = (rest + value).split("\r\n");
      rest = lines.pop()!;
      if (!header) header = lines.shift()!;
      largest = Math.max(largest, lines.length);
      for (const line of lines) {
        rows++;
        const [id, time, userId, , , , amount] = line.split(",");
        // (time, id) ascending: the keyset's order, each row once
        const key = [Date.parse(time.replace(" ", "T")), Number(id)];
        expect(key[0] > last[0] || (key[0] === last[0] && key[1] > last[1])).toBe(true);
        last = key;
        if (Number(userId) === player.userId) playerCents += Math.round(Number(amount) * 100);
      }
    }
    expect(rest).toBe("");
    expect(header).toBe("id,time,user_id,username,kind,kind_code,amount,before,after,reason,reason_code,reference");
    expect(rows).toBe(100_000);
    expect(playerCents).toBe(50_000);
    // a page per read, never the whole set: 100 pages of 1,000 rows after the header
    expect(largest).toBeLessThanOrEqual(EXPORT_PAGE);
    expect(chunks).toBeGreaterThanOrEqual(100_000 / EXPORT_PAGE);
    expect(await auditRows("export.ledger", "export:ledger")).toContainEqual(
      expect.objectContaining({ after: JSON.stringify({ from: formatDate(day), to: formatDate(day) }) }),
    );
    await expectMoneyInvariants();
  }, 120_000);

  it("export deposits, withdrawals, adjustments and the audit log of a range with times in UTC+8", async () => {
    const op = await operatorLogin();
    const player = await playerWith(0);
    const credit = await api("/api/admin/adjust", {
      text: "correction",
      token: op,
      userId: player.userId,
      money: "12.5",
      reason: "goodwill, for a delay",
      request_id: crypto.randomUUID(),
    });
    expect(credit.code).toBe(1);
    const today = formatDate(Date.now());
    const text = async (kind: string) => {
      const response = await exportCall({ token: op, kind, from: today, to: today });
      expect(response.status).toBe(200);
      return response.text();
    };
    const adjustments = await text("adjustments");
    const line = adjustments.split("\r\n").find((l) => l.includes(`,${player.username},`))!;
    // a field with a comma is quoted; the time names its zone
    expect(line).toMatch(/,"[^"]*goodwill, for a delay[^"]*",/);
    // led by the adjustment's reference, as the request files lead with theirs (docs/decisions/201)
    expect(line).toMatch(/^A\d-[0-9A-Z]{4,},\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\+08:00,/);
    expect(line).toContain(",12.50,");
    expect(line).toContain(",admin");
    expect((await text("audit")).split("\r\n")[0]).toBe("id,time,operator,action,action_code,target,before,after");
    expect(await text("audit")).toContain("balance.credit");
    expect((await text("deposits")).split("\r\n")[0]).toBe(
      "reference,time,user_id,username,amount,status,status_code,decided_at,decided_by,first_approved_by,payer,reason,reason_code,note",
    );
    expect((await text("withdrawals")).split("\r\n")[0]).toBe(
      "reference,time,user_id,username,amount,status,status_code,decided_at,decided_by,pay_to,reason,reason_code,note",
    );
    await expectMoneyInvariants();
  });

  it("name both operators of a deposit two of them approved", async () => {
    const admin = await operatorLogin();
    const { token, username } = await registerPlayer();
    const asked = await api("/api/Game/recharge", { ...(await paidInto()), token, money: "12000", pay_name: "Payer" });
    expect(asked.code).toBe(1);
    expect((await api("/api/admin/deposits/approve", { token: admin, id: asked.data.id })).code).toBe(1);
    const cashier = await secondOperator(true, "cashier");
    expect((await api("/api/admin/deposits/approve", { token: await cashier.signIn(), id: asked.data.id })).code).toBe(
      1,
    );
    const today = formatDate(Date.now());
    const csv = await (await exportCall({ token: admin, kind: "deposits", from: today, to: today })).text();
    const line = csv.split("\r\n").find((l) => l.startsWith(`${requestRef("deposit", asked.data.id)},`))!;
    expect(line).toContain(`,${username},12000.00,`);
    expect(line).toContain(`,${cashier.username},admin,`);
    await expectMoneyInvariants();
  });

  it("name each deposit and withdrawal by the reference every screen writes, never its internal id", async () => {
    const admin = await operatorLogin();
    const p = await player(100);
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: "50",
      pay_name: "Payer",
    });
    expectOk(deposit);
    const card = await addCoinAddress(p.token);
    expectOk(await api("/api/Game/withdraw", { token: p.token, bank_id: card.id, money: "30", pwd: PAY_PASSWORD }));
    const withdrawal = (await (
      await playerD1(p.id)
    )
      .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(p.id)
      .first<{ id: number }>())!;
    const today = formatDate(Date.now());
    for (const [kind, ref, id] of [
      ["deposits", requestRef("deposit", deposit.data.id), deposit.data.id],
      ["withdrawals", requestRef("withdrawal", withdrawal.id), withdrawal.id],
    ] as const) {
      const [header, ...lines] = (
        await (await exportCall({ token: admin, kind, from: today, to: today })).text()
      ).split("\r\n");
      expect(header.split(",")[0]).toBe("reference");
      const line = lines.find((l) => l.includes(`,${p.username},`))!;
      expect(line.split(",")[0]).toBe(ref);
      // the one the console's history search finds (the shards' test sees it for 13-digit ids)
      expect(parseRequestRef(line.split(",")[0])?.id).toBe(id);
    }
    await expectMoneyInvariants();
  });

  it("refuse an unknown kind, a reversed or impossible range, and a guest", async () => {
    const op = await operatorLogin();
    const today = formatDate(Date.now());
    expectError(await (await exportCall({ token: op, kind: "users", from: today, to: today })).json(), 1001);
    expectError(await (await exportCall({ token: op, kind: "ledger", from: today, to: "2020-01-01" })).json(), 1001);
    expectError(await (await exportCall({ token: op, kind: "ledger", from: "2026-02-31", to: today })).json(), 1001);
    const guest = (await (await exportCall({ kind: "ledger", from: today, to: today })).json()) as { code: number };
    expect(guest.code).toBe(409);
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b"')).toBe('"a ""b"""');
    expect(csvField("-1")).toBe("'-1");
    expect(csvField(-1)).toBe("-1");
    expect(csvField({ cents: -100 })).toBe("-1.00");
  });
});
