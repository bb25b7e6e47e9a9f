import { describe, expect, it } from "vitest";
import enFinance from "../locales/en/finance.json";
import enWallet from "../locales/en/wallet.json";
import { api, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { finishRound, placeOk, playerWith } from "./rooms-helpers";
import { addCoinAddress, operator, PAY_PASSWORD, player, requestId, paidInto } from "./wallet-helpers";
import { requestRef } from "#shared/request-ref";
import { everywhere, playerD1 } from "./shard-helpers";
import { ledger, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Funds-ledger reasons are stored as a key and its parameters and shown in the reader's language
// (worker/ledger/reasons.ts, app/lib/ledger-reason.ts); rows from before the keys keep their words.

type Row = { id: number; reason: string; reason_key: string | null; reason_params: string | null; user_id: number };

const rowsOf = async (userId: number) =>
  (
    await (
      await playerD1(userId)
    )
      .prepare(
        `SELECT id, reason, reason_key, reason_params, user_id FROM ${quotedTable(ledger)} WHERE user_id = ? ORDER BY id`,
      )
      .bind(userId)
      .all<Row>()
  ).results;

/** The English words a key and its parameters give (the stored words name the room by its full title). */
function english(row: Row): string {
  const params: Record<string, string | number> = JSON.parse(row.reason_params ?? "{}");
  if (typeof params.game === "string") params.game = params.title;
  if (typeof params.product === "string")
    params.product = enFinance.tiers[params.product as keyof typeof enFinance.tiers];
  if (row.reason_key === "adjustment")
    params.text = enWallet.adjustmentTexts[params.text as keyof typeof enWallet.adjustmentTexts];
  // a request is written by its reference (shared/request-ref.ts)
  if (row.reason_key === "deposit") params.ref = requestRef("deposit", Number(params.id));
  if (row.reason_key?.startsWith("withdrawal") && params.id !== undefined)
    params.ref = requestRef("withdrawal", Number(params.id));
  const template = enWallet.reasons[row.reason_key as keyof typeof enWallet.reasons];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

const inLanguage = async (lng: string, username: string) => {
  const browser = new Browser();
  browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify(lng))));
  return browser.logIn(username, "secret123");
};

describe("funds-ledger reasons", () => {
  it("stores a key and parameters for deposits, withdrawals, refunds, operator credits and bets, each matching its English words", async () => {
    const p = await player(500_00);
    const op = await operator();
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: "100",
      pay_name: "Reader",
      request_id: requestId(),
    });
    expectOk(deposit);
    expectOk(await api("/api/admin/deposits/approve", { token: op, id: deposit.data.id }));
    const card = await addCoinAddress(p.token);
    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: card.id,
        money: "50",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const withdrawals = await api("/api/admin/withdrawals", { token: op, status: "pending", userId: p.id });
    expectOk(
      await api("/api/admin/withdrawals/reject", {
        token: op,
        id: withdrawals.data.list[0].id,
        note: "#accountMismatch test",
      }),
    );
    const gambler = await playerWith(100_00);
    await placeOk(gambler.token, 1, [[0, 1.98, 20]]);
    await finishRound(1);

    const rows = [...(await rowsOf(p.id)), ...(await rowsOf(gambler.userId))];
    expect(rows.map((r) => r.reason_key)).toEqual(
      expect.arrayContaining(["adjustment", "deposit", "withdrawal", "withdrawalRefund", "round"]),
    );
    for (const row of rows) {
      expect(row.reason_key, row.reason).not.toBeNull();
      expect(english(row)).toBe(row.reason);
    }
    const bet = rows.find((r) => r.reason_key === "round")!;
    expect(JSON.parse(bet.reason_params!)).toMatchObject({ game: "lucky28", seqno: expect.any(Number) });
    // the house's mirror rows carry the same reason
    const mirror = await everywhere(`SELECT reason_key FROM ${quotedTable(ledger)} WHERE idempotency_key = ?`)
      .bind(`deposit:${deposit.data.id}:house`)
      .first<{ reason_key: string }>();
    expect(mirror?.reason_key).toBe("deposit");
    await expectMoneyInvariants();
  });

  it("answers reasonKey and reasonParams in the funds flow, and renders them in the reader's language", async () => {
    const p = await player(20_00);
    const op = await operator();
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: "30",
      pay_name: "Reader",
      request_id: requestId(),
    });
    expectOk(await api("/api/admin/deposits/approve", { token: op, id: deposit.data.id }));
    const flow = await api("/api/Game/getfinanceflow", { token: p.token, type: "all" });
    expectOk(flow);
    const row = flow.data.list.find((r: { reasonKey: string }) => r.reasonKey === "deposit");
    expect(row).toMatchObject({
      reason: `Deposit ${requestRef("deposit", deposit.data.id)}`,
      reasonParams: { id: deposit.data.id },
    });

    // what the page shows (the loader's data for hydration follows in scripts)
    const zh = (await (await (await inLanguage("zh-CN", p.username)).get("/my_income")).text()).split("<script")[0];
    expect(zh).toContain(`充值 <span class="ref">${requestRef("deposit", deposit.data.id)}</span>`);
    // the opening funds are an operator's adjustment: its kind and its preset text, never the operator's note
    expect(zh).toContain("余额更正");
    expect(zh).not.toContain("test funds");
    expect(zh).not.toContain(`Deposit ${requestRef("deposit", deposit.data.id)}`);
    const vi = await (await (await inLanguage("vi", p.username)).get("/my_income")).text();
    expect(vi).toContain(`Nạp tiền <span class="ref">${requestRef("deposit", deposit.data.id)}</span>`);
    await expectMoneyInvariants();
  });

  it("names the game of a bet in the reader's language", async () => {
    const gambler = await playerWith(100_00);
    await placeOk(gambler.token, 1, [[1, 1.98, 20]]);
    const zh = await (await (await inLanguage("zh-CN", gambler.username)).get("/my_income")).text();
    // a round's number is held to its words by no-break spaces: no lone "1" or "期" on a line of its own
    expect(zh).toMatch(/幸运28\u00a0· 第\u00a0\d+\u00a0期/);
    await expectMoneyInvariants();
  });

  it("shows a row written before keys existed with its stored words", async () => {
    const p = await player(10_00);
    const [last] = (await rowsOf(p.id)).slice(-1);
    // an old row: text only (rows are append-only, so it is added as the migration found them); an old
    // top-up that is not a deposit is an adjustment and shows no words (tests/adjustment-texts.test.ts)
    const money = await (
      await playerD1(p.id)
    )
      .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(p.id)
      .first<{ money_cents: number }>();
    // the player's shard: its house row is the other side
    const shard = await playerD1(p.id);
    const house = await shard
      .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = 1`)
      .first<{ money_cents: number }>();
    await shard.batch([
      shard
        .prepare(
          `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (?, 100, ?, ?, 'earn', 'Lucky 28 #5', ?, ?)`,
        )
        .bind(p.id, money!.money_cents, money!.money_cents + 100, `old:${last.id}`, Date.now()),
      shard.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + 100 WHERE id = ?`).bind(p.id),
      shard
        .prepare(
          `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (1, -100, ?, ?, 'earn', 'Lucky 28 #5', ?, ?)`,
        )
        .bind(house!.money_cents, house!.money_cents - 100, `old:${last.id}:house`, Date.now()),
      shard.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents - 100 WHERE id = 1`),
    ]);
    const flow = await api("/api/Game/getfinanceflow", { token: p.token, type: "all" });
    expect(flow.data.list[0]).toMatchObject({ reason: "Lucky 28 #5", reasonKey: null, reasonParams: null });
    const zh = await (await (await inLanguage("zh-CN", p.username)).get("/my_income")).text();
    expect(zh).toContain("Lucky 28 #5");
    await expectMoneyInvariants();
  });
});
