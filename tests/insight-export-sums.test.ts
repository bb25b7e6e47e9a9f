import { exports } from "cloudflare:workers";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { currentRound, finishRound, placeOk, playerWith } from "./rooms-helpers";
import { secondOperator } from "./admin-helpers";
import { PAY_PASSWORD, addCoinAddress, player, requestId, paidInto } from "./wallet-helpers";
import { csvField } from "../worker/insight/csv";
import { dayStartMs, formatDate } from "#shared/days";
import { parseRequestRef, requestRef } from "#shared/request-ref";
import zhCNGame from "../locales/zh-CN/game.json";
import zhCNWallet from "../locales/zh-CN/wallet.json";
import { playerD1, sumEverywhere } from "./shard-helpers";
import { ledger as ledgerTable, withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The console's CSV files as an accountant uses them: opened in a spreadsheet, each column summed. A day
// with a deposit, stakes, a settled round, a voided round's refunds, a withdrawal, an operator's debit
// and a credit two operators made is exported; each file is parsed by a kept CSV parser (csv-parse), its
// amount columns summed the way a spreadsheet sums (cells that read as numbers; text is skipped), and
// the sums are matched to the cent against the ledger and the console's totals.

const DAY = 24 * 60 * 60 * 1000;
type Row = Record<string, string>;

async function exportRows(token: string, kind: string, lang = "en") {
  const today = formatDate(Date.now());
  const response = await exports.default.fetch("https://app.test/api/admin/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, kind, from: today, to: today, lang }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return parse(text, { columns: true, skip_empty_lines: true }) as Row[];
}

/** What a spreadsheet makes of a cell: a number when it reads as one, else text it leaves out of a sum. */
const spreadsheetNumber = (cell: string) => (/^[+-]?\d+(\.\d+)?$/.test(cell.trim()) ? Number(cell) : null);

/** A column summed as a spreadsheet sums it, in cents, and how many of its non-empty cells were text. */
function columnSum(rows: Row[], column: string, where: (r: Row) => boolean = () => true) {
  let cents = 0;
  let textCells = 0;
  for (const row of rows.filter(where)) {
    if (row[column] === "") continue;
    const value = spreadsheetNumber(row[column]);
    if (value === null) textCells++;
    else cents += Math.round(value * 100);
  }
  return { cents, textCells };
}

async function ledgerCents(where: string, ...params: unknown[]) {
  const start = dayStartMs(Date.now());
  return sumEverywhere(
    `SELECT COALESCE(SUM(amount_cents), 0) AS n FROM ${quotedTable(ledgerTable)} WHERE created_at_ms >= ? AND created_at_ms < ? AND ${where}`,
    start,
    start + DAY,
    ...params,
  );
}

describe("CSV exports a spreadsheet can sum", () => {
  it("a day of deposits, stakes, refunds, a withdrawal, a debit and a two-operator credit sums to the ledger and the console's totals", async () => {
    const admin = await operatorLogin();
    const cashier = await (await secondOperator(true, "cashier")).signIn();
    const asker = await secondOperator(true, "admin");

    // A: deposits 500.00, bets in a round that is drawn and in one that is voided, withdraws 30.00.
    const a = await player(0, PAY_PASSWORD);
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: a.token,
      money: "500",
      pay_name: "Le Van A",
      request_id: requestId(),
    });
    expectOk(deposit);
    expectOk(await api("/api/admin/deposits/approve", { token: admin, id: deposit.data.id }));
    // and a second deposit refused with a preset reason and the operator's own words
    const refused = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: a.token,
      money: "75",
      pay_name: "Le Van A",
      request_id: requestId(),
    });
    expectOk(refused);
    expectOk(
      await api("/api/admin/deposits/reject", {
        token: admin,
        id: refused.data.id,
        note: "#noPayment bank shows nothing",
      }),
    );
    await placeOk(a.token, 1, [
      [0, 1.98, 25],
      [1, 1.98, 21],
    ]);
    await finishRound(1);
    await placeOk(a.token, 15, [[0, 1.98, 40]]);
    const voided = await currentRound(15);
    expectOk(
      await api("/api/admin/rounds/void", {
        token: admin,
        roundId: voided.roundId,
        reason: "Feed outage at the venue",
      }),
    );
    const card = await addCoinAddress(a.token);
    const withdrawal = await api("/api/Game/withdraw", {
      token: a.token,
      bank_id: card.id,
      money: "30",
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    });
    expectOk(withdrawal);
    const [{ id: withdrawalId }] = (
      await (
        await playerD1(a.id)
      )
        .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
        .bind(a.id)
        .all<{ id: number }>()
    ).results;
    expectOk(
      await api("/api/admin/withdrawals/approve", {
        token: cashier,
        id: withdrawalId,
        note: "paid",
        payout_ref: "FT-TEST-0001",
      }),
    );

    // B: an operator's debit with a note a spreadsheet would run, and a credit past one operator's limit
    // that a second operator approves (ref operator:<asker>+<approver>).
    const b = await playerWith(100_000);
    expectOk(
      await api("/api/admin/adjust", {
        text: "correction",
        token: admin,
        userId: b.userId,
        money: "-12.5",
        reason: '=HYPERLINK("x")',
        request_id: requestId(),
      }),
    );
    const asked = await api("/api/admin/adjust", {
      text: "bonus",
      token: await asker.signIn(),
      userId: b.userId,
      money: "15000",
      reason: "＋full-width plus",
      request_id: requestId(),
    });
    expectOk(asked);
    expect(asked.data.status).toBe("pending");
    expectOk(await api("/api/admin/adjustments/approve", { token: admin, id: asked.data.id }));
    expectOk(
      await api("/api/admin/adjust", {
        text: "compensation",
        token: admin,
        userId: b.userId,
        money: "0.99",
        reason: "\u200b=zero-width lead",
        request_id: requestId(),
      }),
    );

    // The ledger: every amount is a number, and the column sums to the ledger, per account and in all.
    const ledger = await exportRows(admin, "ledger");
    expect(Object.keys(ledger[0])).toEqual([
      "id",
      "time",
      "user_id",
      "username",
      "kind",
      "kind_code",
      "amount",
      "before",
      "after",
      "reason",
      "reason_code",
      "reference",
    ]);
    for (const column of ["amount", "before", "after"]) expect(columnSum(ledger, column).textCells, column).toBe(0);
    expect(columnSum(ledger, "amount").cents).toBe(await ledgerCents("1 = 1"));
    expect(columnSum(ledger, "amount", (r) => r.user_id === String(a.id)).cents).toBe(
      50_000 - 4_600 + (await awardsOf(a.id)) - 3_000,
    );
    expect(columnSum(ledger, "amount", (r) => r.user_id === String(b.userId)).cents).toBe(
      100_000 - 1_250 + 1_500_000 + 99,
    );
    expect(columnSum(ledger, "amount", (r) => r.user_id === "1").cents).toBe(await ledgerCents("user_id = 1"));
    for (const row of ledger)
      expect(Math.round(Number(row.after) * 100)).toBe(
        Math.round(Number(row.before) * 100) + Math.round(Number(row.amount) * 100),
      );
    // every time names its zone
    for (const row of ledger) expect(row.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);

    // The console's totals of the day, from the same rows.
    const totals = await api("/api/admin/totals", { token: admin });
    expectOk(totals);
    const day = totals.data.days[0];
    expect(day.day).toBe(formatDate(Date.now()));
    const deposits = columnSum(
      ledger,
      "amount",
      (r) => r.kind_code === "topup" && parseRequestRef(r.reference)?.kind === "deposit" && r.user_id !== "1",
    ).cents;
    expect(deposits).toBe(Math.round(day.deposits * 100));
    const withdrawals = -columnSum(ledger, "amount", (r) => r.kind_code === "wait" && r.user_id !== "1").cents;
    expect(withdrawals).toBe(Math.round(day.withdrawals * 100));
    const refunds = columnSum(ledger, "amount", (r) => r.kind_code === "redo" && r.user_id === String(a.id)).cents;
    expect(refunds).toBe(4_000);
    // the stakes still awaiting a draw are what the day's rows leave out of the books
    expect(columnSum(ledger, "amount").cents + Math.round(day.inPlay * 100)).toBe(0);

    // Deposits and withdrawals: the amount columns sum to the totals too.
    const depositRows = await exportRows(admin, "deposits");
    expect(columnSum(depositRows, "amount", (r) => r.status_code === "approved")).toEqual({
      cents: Math.round(day.deposits * 100),
      textCells: 0,
    });
    const withdrawalRows = await exportRows(admin, "withdrawals");
    expect(columnSum(withdrawalRows, "amount", (r) => r.status_code === "approved")).toEqual({
      cents: Math.round(day.withdrawals * 100),
      textCells: 0,
    });

    // Adjustments: both operators of the approved credit are named; notes that look like formulas stay text.
    const adjustments = await exportRows(admin, "adjustments");
    const mine = adjustments.filter((r) => r.user_id === String(b.userId) && r.reason_code === "adjustment");
    expect(columnSum(mine, "amount")).toEqual({ cents: -1_250 + 1_500_000 + 99, textCells: 0 });
    expect(columnSum(adjustments, "amount").cents).toBe(await ledgerCents("ref LIKE 'operator:%' AND user_id <> 1"));
    const credit = mine.find((r) => r.amount === "15000.00")!;
    expect(credit).toMatchObject({
      operator: asker.username,
      second_operator: "admin",
      kind_code: "topup",
      note: "'＋full-width plus",
    });
    expect(mine.find((r) => r.amount === "-12.50")).toMatchObject({
      operator: "admin",
      second_operator: "",
      kind_code: "debit",
      note: '\'=HYPERLINK("x")',
    });
    expect(mine.find((r) => r.amount === "0.99")!.note).toBe("'\u200b=zero-width lead");

    // In the operator's language, the code beside each word.
    const chinese = await exportRows(admin, "ledger", "chs");
    expect(columnSum(chinese, "amount").cents).toBe(columnSum(ledger, "amount").cents);
    const refund = chinese.find((r) => r.user_id === String(a.id) && r.kind_code === "redo")!;
    expect(refund.kind).toBe("退款");
    // room 15 is Fast 3's: its name as the Chinese statement writes it
    expect(refund.reason).toContain(zhCNGame.games.fast3);
    expect(refund.reason).toMatch(/第 \d+ 期/);
    // a voided round's refund says why in the operator's words, never as its key (an operator's free text stays out)
    expect(refund.reason).toContain(zhCNWallet.voidWhy.operator);
    expect(refund.reason).not.toContain("Feed outage");
    expect(chinese.find((r) => r.user_id === String(a.id) && r.kind_code === "topup")!.reason).toBe(
      `充值 ${requestRef("deposit", deposit.data.id)}`,
    );
    const chineseDeposits = await exportRows(admin, "deposits", "chs");
    expect(chineseDeposits.find((r) => r.reference === requestRef("deposit", deposit.data.id))).toMatchObject({
      status: "已通过",
      status_code: "approved",
    });
    expect(chineseDeposits.find((r) => r.reference === requestRef("deposit", refused.data.id))).toMatchObject({
      amount: "75.00",
      status_code: "rejected",
      reason: "未收到付款",
      reason_code: "noPayment",
      note: "bank shows nothing",
    });
    const audit = await exportRows(admin, "audit", "chs");
    expect(audit.find((r) => r.action_code === "balance.credit")!.action).toBe("加款");
    await expectMoneyInvariants();
  });

  it("guards only text that a spreadsheet would run, whatever its lead character", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b"')).toBe('"a ""b"""');
    for (const lead of [
      "=",
      "+",
      "-",
      "@",
      "\t",
      "\r",
      "＝",
      "＋",
      "－",
      "＠",
      "\u200b",
      "\u200d",
      "\u2060",
      "\ufeff",
      " =",
    ]) {
      expect(csvField(`${lead}1+1`).replace(/^"/, "").startsWith("'"), JSON.stringify(lead)).toBe(true);
    }
    expect(csvField(-1)).toBe("-1");
    expect(csvField({ cents: -1250 })).toBe("-12.50");
    expect(csvField({ cents: 5 })).toBe("0.05");
    expect(csvField(null)).toBe("");
  });
});

async function awardsOf(userId: number) {
  const row = await (
    await playerD1(userId)
  )
    .prepare(
      `SELECT COALESCE(SUM(amount_cents), 0) AS c FROM ${quotedTable(ledgerTable)} WHERE user_id = ? AND type = 'earn'`,
    )
    .bind(userId)
    .first<{ c: number }>();
  return row!.c;
}
