import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { PAY_PASSWORD, addCoinAddress, player, requestId } from "./wallet-helpers";
import { walletHandle } from "../worker/db/client";
import { balanceChangeStatements } from "../worker/ledger/ledger";
import { runInOneBatch } from "../worker/db/batch";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { ledgerReasons } from "../worker/ledger/reasons";
import { requestRef } from "#shared/request-ref";
import { playerD1 } from "./shard-helpers";
import { withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

/** A real movement (player row + house mirror) written at a chosen moment, as the game would. */
async function movementAt(userId: number, amountCents: number, type: string, atMs: number) {
  const db = walletHandle(await playerD1(userId));
  await runInOneBatch(db, [
    ...balanceChangeStatements(db, {
      userId,
      amountCents,
      type,
      reason: ledgerReasons.adjustment("correction"),
      idempotencyKey: `test:${requestId()}`,
      nowMs: atMs,
    }),
  ]);
}

const flow = (token: string, body: Record<string, unknown> = {}) => api("/api/Game/getfinanceflow", { token, ...body });
const amounts = (answer: { data: { list: { money: number }[] } }) => answer.data.list.map((r) => r.money);

describe("getfinanceflow", () => {
  it("needs a session", async () => {
    expectError(await flow(""), 1062, 409);
  });

  it("lists the player's rows newest first with time, amount, before, after, reason, income/expense and kind", async () => {
    const { token, id } = await player(100);
    const card = await addCoinAddress(token, "USDT");
    expectOk(
      await api("/api/Game/withdraw", {
        token,
        bank_id: card.id,
        money: "30",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const answer = await flow(token);
    expectOk(answer);
    const [withdrawalId] = (
      await (
        await playerD1(id)
      )
        .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
        .bind(id)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    expect(answer.data).toEqual({
      list: [
        {
          id: expect.any(Number),
          time: expect.any(Number),
          money: -30,
          before: 100,
          after: 70,
          // the hold is named by its request, and its kind says the request still awaits payout
          reason: `Withdrawal ${requestRef("withdrawal", withdrawalId)}`,
          reasonKey: "withdrawalOf",
          reasonParams: { id: withdrawalId },
          type: 2,
          kind: "wait",
        },
        {
          id: expect.any(Number),
          time: expect.any(Number),
          money: 100,
          before: 0,
          after: 100,
          reason: "Balance correction",
          reasonKey: "adjustment",
          reasonParams: { text: "correction", made: "alone", adjustmentId: expect.any(Number) },
          type: 1,
          kind: "adjustment",
        },
      ],
      page: 1,
      hasMore: false,
      next: null,
      prev: null,
      start: "",
      end: "",
    });
    expect(answer.data.list[0].time).toBeGreaterThanOrEqual(answer.data.list[1].time);
    expect(id).toBeGreaterThan(0);
    await expectMoneyInvariants();
  });

  it("splits today, yesterday and seven days at UTC+8 midnight", async () => {
    const { token, id } = await player();
    const today = dayStartMs(Date.now());
    await movementAt(id, 800, "earn", today - 7 * DAY_MS); // eight days back: only in "all"
    await movementAt(id, 700, "earn", today - 6 * DAY_MS); // first day of the seven
    await movementAt(id, 200, "earn", today - DAY_MS); // yesterday's first ms
    await movementAt(id, -100, "loss", today - 1); // yesterday's last ms
    await movementAt(id, 50, "earn", today); // today's first ms
    expect(amounts(await flow(token, { type: "today" }))).toEqual([0.5]);
    expect(amounts(await flow(token, { type: "yesterday" }))).toEqual([-1, 2]);
    expect(amounts(await flow(token, { type: "week" }))).toEqual([0.5, -1, 2, 7]);
    expect(amounts(await flow(token, { type: "all" }))).toEqual([0.5, -1, 2, 7, 8]);
    expect(amounts(await flow(token))).toEqual([0.5, -1, 2, 7, 8]);
    const week = await flow(token, { type: "week" });
    expect(week.data.start).toBe(formatDate(today - 6 * DAY_MS));
    expect(week.data.end).toBe(formatDate(today));
    await expectMoneyInvariants();
  });

  it("takes an inclusive date range in the player's calendar", async () => {
    const { token, id } = await player();
    const today = dayStartMs(Date.now());
    await movementAt(id, 400, "earn", today - 3 * DAY_MS - 1); // the day before the start
    await movementAt(id, 300, "earn", today - 3 * DAY_MS); // the start date's first ms
    await movementAt(id, 200, "earn", today - DAY_MS - 1); // the end date's last ms
    await movementAt(id, 100, "earn", today - DAY_MS); // the day after the end
    const start = formatDate(today - 3 * DAY_MS);
    const end = formatDate(today - 2 * DAY_MS);
    const answer = await flow(token, { start, end });
    expect(amounts(answer)).toEqual([2, 3]);
    expect(answer.data).toMatchObject({ start, end });
    // The range wins over the tab; one day is start = end.
    expect(amounts(await flow(token, { type: "today", start: end, end }))).toEqual([2]);
    await expectMoneyInvariants();
  });

  it("refuses a start after the end (1072), half a range, bad dates and unknown tabs (1001)", async () => {
    const { token } = await player();
    expectError(await flow(token, { start: "2025-03-02", end: "2025-03-01" }), 1072);
    for (const body of [
      { start: "2025-03-01" },
      { end: "2025-03-01" },
      { start: "2025-02-30", end: "2025-03-01" },
      { start: "2025-3-1", end: "2025-03-01" },
      { start: 20250301, end: "2025-03-01" },
      { type: "month" },
      { type: 3 },
      { page: -1 },
    ]) {
      expectError(await flow(token, body), 1001);
    }
    expectOk(await flow(token, { start: "", end: "", type: "" }));
  });

  it("never shows another player's rows", async () => {
    const a = await player(25);
    const b = await player();
    expect((await flow(b.token)).data.list).toEqual([]);
    expect((await flow(a.token)).data.list).toHaveLength(1);
  });

  it("pages 20 rows at a time", async () => {
    const { token, id } = await player();
    const now = Date.now();
    for (let i = 1; i <= 21; i++) await movementAt(id, i, "earn", now - (21 - i) * 1000);
    const first = await flow(token);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.hasMore).toBe(true);
    expect(first.data.list[0].money).toBe(0.21);
    const second = await flow(token, { page: 2 });
    expect(amounts(second)).toEqual([0.01]);
    expect(second.data.hasMore).toBe(false);
    await expectMoneyInvariants();
  });
});
