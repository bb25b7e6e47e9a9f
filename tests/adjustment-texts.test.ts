import { describe, expect, it } from "vitest";
import { walletHandle } from "../worker/db/client";
import { runInOneBatch } from "../worker/db/batch";
import { balanceChangeStatements } from "../worker/ledger/ledger";
import { api, count, expectMoneyInvariants, expectOk } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { Browser } from "./pages";
import { consoleBrowser } from "./console-pages";
import { balanceCents, operator, player, requestId } from "./wallet-helpers";
import { everywhere, playerD1 } from "./shard-helpers";
import { ledger as ledgerTable, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// An operator's credit or debit reads as an adjustment with a preset text in the player's language; the
// operator's note stays in the console (docs/decisions/143-adjustment-texts-and-coin-networks.md).

const text = (html: string) =>
  html
    .split("<script")[0]
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function playerPages(lng: string, username: string) {
  const browser = new Browser();
  browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify(lng))));
  return browser.logIn(username, "secret123");
}

describe("adjustments as the player reads them", () => {
  it("the funds ledger and the statement say adjustment and the preset text in Vietnamese, never the operator's note", async () => {
    const p = await player();
    const op = await operator();
    expectOk(
      await api("/api/admin/adjust", {
        token: op,
        userId: p.id,
        money: "250",
        text: "bonus",
        reason: "VIP desk, ticket 7781",
        request_id: requestId(),
      }),
    );
    expectOk(
      await api("/api/admin/adjust", {
        token: op,
        userId: p.id,
        money: "-50",
        text: "bonusReversal",
        reason: "duplicate of 7781",
        request_id: requestId(),
      }),
    );

    const flow = await api("/api/Game/getfinanceflow", { token: p.token, type: "all" });
    expectOk(flow);
    expect(
      flow.data.list.map((r: Record<string, unknown>) => [r.kind, r.reasonKey, r.reasonParams, r.reason, r.money]),
    ).toEqual([
      // each names its adjustment, for its reference (docs/decisions/195)
      [
        "adjustment",
        "adjustment",
        { text: "bonusReversal", made: "alone", adjustmentId: expect.any(Number) },
        "Bonus withdrawn",
        -50,
      ],
      ["adjustment", "adjustment", { text: "bonus", made: "alone", adjustmentId: expect.any(Number) }, "Bonus", 250],
    ]);
    expect(JSON.stringify(flow)).not.toMatch(/7781/);

    const browser = await playerPages("vi", p.username);
    const ledger = text(await (await browser.get("/my_income")).text());
    expect(ledger).toContain("Điều chỉnh Tiền thưởng");
    expect(ledger).toContain("Điều chỉnh Thu hồi tiền thưởng");
    expect(ledger).not.toMatch(/Top-up|Nạp tiền|7781|Nhà điều hành/);
    // the statement counts both on its adjustments line: 250 - 50
    const statement = await api("/api/Game/getstatement", { token: p.token });
    expectOk(statement);
    expect(statement.data.adjustments).toBe(200);
    const statementPage = text(await (await browser.get("/user/statement")).text());
    expect(statementPage).toMatch(/Điều chỉnh \(thưởng, hiệu chỉnh\) \+ 200\.00 USD/);
    expect(statementPage).not.toContain("7781");
    await expectMoneyInvariants();
  });

  it("an adjustment approved by a second operator carries the text asked for; the approvals card shows it beside the note", async () => {
    const p = await player();
    const asker = await secondOperator();
    const asked = await api("/api/admin/adjust", {
      token: await asker.signIn(),
      userId: p.id,
      money: "15000",
      text: "compensation",
      reason: "outage on 3 Nov",
      request_id: requestId(),
    });
    expectOk(asked);
    expect(asked.data.status).toBe("pending");
    const queue = text(await (await (await consoleBrowser()).get("/admin")).text());
    expect(queue).toContain("outage on 3 Nov");
    expect(queue).toContain("Player reads: Compensation");
    expectOk(await api("/api/admin/adjustments/approve", { token: await operator(), id: asked.data.id }));
    const row = await everywhere(
      `SELECT reason, reason_key, reason_params FROM ${quotedTable(ledgerTable)} WHERE idempotency_key = ?`,
    )
      .bind(`adjustment:${asked.data.id}`)
      .first();
    expect(row).toEqual({ reason: "Compensation", reason_key: "adjustment", reason_params: '{"text":"compensation"}' });
    const zh = text(await (await (await playerPages("zh-CN", p.username)).get("/my_income")).text());
    expect(zh).toContain("调整 补偿");
    expect(zh).not.toContain("outage");
    await expectMoneyInvariants();
  });

  it("an operator's note written before texts existed stays in the console: the player sees the kind alone", async () => {
    const p = await player();
    const db = walletHandle(await playerD1(p.id));
    // a row as 0008 to 0014 wrote it: key "operator" with the note as its parameter
    await runInOneBatch(db, [
      ...balanceChangeStatements(db, {
        userId: p.id,
        amountCents: 1_000,
        type: "topup",
        reason: {
          key: "operator" as never,
          params: { note: "internal: friend of the owner" },
          text: "Operator: internal: friend of the owner",
        },
        idempotencyKey: `legacy:${requestId()}`,
        nowMs: Date.now(),
      }),
    ]);
    const flow = await api("/api/Game/getfinanceflow", { token: p.token, type: "all" });
    expect(flow.data.list[0]).toMatchObject({
      kind: "adjustment",
      reason: "",
      reasonKey: null,
      reasonParams: null,
      money: 10,
    });
    expect(JSON.stringify(flow)).not.toContain("friend of the owner");
    expect(text(await (await (await playerPages("en", p.username)).get("/my_income")).text())).not.toContain(
      "friend of the owner",
    );
    // the operator still reads it on the player's file
    const file = text(await (await (await consoleBrowser()).get(`/admin/players/${p.id}`)).text());
    expect(file).toContain("Adjustment · Operator: internal: friend of the owner");
    // and a new one with its note beside the text the player reads
    expectOk(
      await api("/api/admin/adjust", {
        token: await operator(),
        userId: p.id,
        money: "3",
        text: "compensation",
        reason: "late payout",
        request_id: requestId(),
      }),
    );
    expect(text(await (await (await consoleBrowser()).get(`/admin/players/${p.id}`)).text())).toMatch(
      /Adjustment · Compensation A\d-[0-9A-Z]{4,} · Internal note: late payout/,
    );
    await expectMoneyInvariants();
  });
});

describe("old operator credits in the ledger", () => {
  /** A top-up as written before reason keys (0008): the operator's English words, no key; the house pays it. */
  async function oldTopUp(userId: number, cents: number, words: string, key: string) {
    // in the player's shard, whose house row is the other side
    const shard = await playerD1(userId);
    const money = async (id: number) =>
      (await shard
        .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = ?`)
        .bind(id)
        .first<{ money_cents: number }>())!.money_cents;
    const [mine, house, nowMs] = [await money(userId), await money(1), Date.now()];
    const row = `INSERT INTO ${quotedTable(ledgerTable)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (?, ?, ?, ?, 'topup', ?, ?, ?)`;
    await shard.batch([
      shard.prepare(row).bind(userId, cents, mine, mine + cents, words, key, nowMs),
      shard.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + ? WHERE id = ?`).bind(cents, userId),
      shard.prepare(row).bind(1, -cents, house, house - cents, words, `${key}:house`, nowMs),
      shard.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents - ? WHERE id = 1`).bind(cents),
    ]);
  }

  it("an operator's credit from before 0008 and the seeded opening balance are adjustments in the ledger as in the statement, without their English words", async () => {
    const p = await player();
    const before = (await api("/api/Game/getstatement", { token: p.token })).data.adjustments as number;
    await oldTopUp(p.id, 700, "Manual credit: goodwill for ticket 4410", `admin-credit:${requestId()}`);
    await oldTopUp(p.id, 500, "Demo opening balance", `seed:${p.username}:opening`);

    const statement = await api("/api/Game/getstatement", { token: p.token });
    expect(statement.data.adjustments).toBe(before + 12);
    expect(statement.data.deposits).toBe(0);
    const flow = await api("/api/Game/getfinanceflow", { token: p.token, type: "all" });
    const rows = flow.data.list.slice(0, 2);
    expect(rows.map((r: Record<string, unknown>) => [r.kind, r.reason, r.reasonKey, r.money])).toEqual([
      ["adjustment", "", null, 5],
      ["adjustment", "", null, 7],
    ]);
    // statement and ledger agree: the ledger's adjustments add up to the statement's line
    const ledgerAdjustments = flow.data.list
      .filter((r: { kind: string }) => r.kind === "adjustment")
      .reduce((sum: number, r: { money: number }) => sum + r.money, 0);
    expect(ledgerAdjustments).toBeCloseTo(statement.data.adjustments, 2);
    expect(JSON.stringify(flow)).not.toMatch(/goodwill|4410|Demo opening/);
    for (const lng of ["en", "vi", "zh-CN", "zh-TW"]) {
      const ledger = text(await (await (await playerPages(lng, p.username)).get("/my_income")).text());
      expect(ledger, lng).not.toMatch(/Top-up|Nạp tiền|充值|goodwill|4410|Demo opening/);
    }
    await expectMoneyInvariants();
  });
});

describe("the console's adjustment form", () => {
  it("says which text the player reads, keeps the note internal, and refuses a missing or misfitting text before any step", async () => {
    const p = await player(100);
    const browser = await consoleBrowser();
    const page = await (await browser.get(`/admin/players/${p.id}`)).text();
    const form = text(page);
    expect(form).toContain("What the player reads");
    expect(page).toContain('<optgroup label="For a credit">');
    expect(page).toContain('<optgroup label="For a debit">');
    expect(form).toContain("Bonus withdrawn");
    expect(form).toContain("Internal note");
    expect(form).toContain("the player never sees it");
    expect(page).toMatch(/<select name="text"/);
    const key = /name="request_id" value="([^"]+)"/.exec(page)![1];
    const audits = await count("audit_log");
    for (const [fields, message] of [
      [{ money: "20" }, "Choose the text the player will see"],
      [{ money: "20", text: "gift" }, "Choose the text the player will see"],
      [{ money: "-20", text: "bonus" }, "This text does not fit the amount"],
      [{ money: "20", text: "bonusReversal" }, "This text does not fit the amount"],
    ] as const) {
      const answer = await browser.post(`/admin/players/${p.id}`, {
        intent: "adjust",
        reason: "x",
        request_id: key,
        confirmed: "yes",
        ...fields,
      });
      expect(answer.status).toBe(400);
      expect(text(await answer.text())).toContain(message);
    }
    expect(await balanceCents(p.id)).toBe(10_000);
    expect(await count("audit_log")).toBe(audits);
  });
});
