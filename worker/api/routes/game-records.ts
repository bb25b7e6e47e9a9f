import { Hono } from "hono";
import * as z from "zod";
import { ok } from "../envelope";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { pageField } from "./game-shared";
import { pageAt, pagedList } from "../../db/paging";
import { cursorFields } from "#shared/fields";
import {
  RECORDS_PAGE_SIZE,
  betRecordKey,
  BET_RECORD_KEY_WIDTH,
  betRecordTotals,
  betRecords,
  winLossBetween,
  withRoundFacts,
} from "../../room/bets";
import { roundFacts } from "../../room/rounds";
import { toMoney, toOdds } from "#shared/money";
import { optionKey, voidPresetOf } from "../../room/round-view";
import { DAY_MS, dayStartMs } from "#shared/days";
import type { BetRecordPage, TodayWinLoss, Trend } from "#shared/answers/games";

// The player's bet records and win/loss figures (docs/product.md#screens bet list and trend page).
export const gameRecordRoutes = new Hono<AppEnv>();

/** The bet list tabs, as the legacy client sends them (Chinese) and as English keys. */
const RECORD_FILTERS: Record<string, number | null> = {
  全部: null,
  all: null,
  已中奖: 1,
  won: 1,
  未中奖: 0,
  lost: 0,
  待开奖: -1,
  pending: -1,
};

const recordsForm = z.object({
  type: z
    .union(
      [
        z.literal(""),
        z
          .string()
          .trim()
          .refine((t) => t in RECORD_FILTERS, "1001"),
      ],
      { error: "1001" },
    )
    .optional()
    .transform((t) => (t ? RECORD_FILTERS[t] : null)),
  page: pageField(),
  ...cursorFields,
});

gameRecordRoutes.post("/api/game/getgamelog2", requireUser, async (c) => {
  const form = parseBody(recordsForm, c.get("body"));
  const at = pageAt(form, RECORDS_PAGE_SIZE, BET_RECORD_KEY_WIDTH);
  // The player's bets from their shard, their rounds and rooms from the control database (docs/decisions/161).
  const wallet = playerDb(c);
  const [bets, totals] = await Promise.all([
    betRecords(wallet, c.get("user").id, form.type, at),
    betRecordTotals(wallet, c.get("user").id, form.type),
  ]);
  // a bet's round is kept while it has bets (worker/room/round-retention.ts)
  const rows = withRoundFacts(
    bets,
    await roundFacts(
      c.var.db.control,
      bets.map((bet) => bet.roundId),
    ),
  );
  const { list: data, ...page } = pagedList(rows, at, betRecordKey, (row) => ({
    id: row.id,
    seqno: row.seqno,
    isaward: row.state,
    ordersn: row.orderNumber,
    gametype: row.gameType,
    roomid: row.roomId,
    roomTitle: row.roomTitle,
    titleKey: row.titleKey,
    value: row.optionIndex,
    valuecn: optionKey(row.gameType, row.optionCount, row.optionIndex),
    money: toMoney(row.stakeCents),
    rate: toOdds(row.oddsMilli),
    award: toMoney(row.awardCents),
    createtime: row.createdAtMs,
    // what the round drew, once settled (a void round drew nothing)
    draw:
      row.roundStatus === "settled" && row.numbers !== null
        ? { numbers: JSON.parse(row.numbers) as number[], sum: row.drawSum }
        : null,
    // why a void round was voided: its kind and an operator's preset reason, never their own words
    void: row.roundStatus === "void" ? { reason: row.voidReason, preset: voidPresetOf(row.voidNote) } : null,
  }));
  return ok(c, {
    data,
    ...page,
    totals: {
      bets: totals.bets,
      staked: toMoney(totals.stakedCents),
      returned: toMoney(totals.returnedCents),
      result: toMoney(totals.resultCents),
    },
  } satisfies BetRecordPage);
});

/** Today's result (awards - stakes of bets played out) and turnover, in the player's day (UTC+8). */
gameRecordRoutes.post("/api/game/todaywinlost", requireUser, async (c) => {
  const today = dayStartMs(Date.now());
  const day = await winLossBetween(playerDb(c), c.get("user").id, today, today + DAY_MS);
  return ok(c, { win: toMoney(day.netCents), total: toMoney(day.turnoverCents) } satisfies TodayWinLoss);
});

gameRecordRoutes.post("/api/game/gettrenddata", requireUser, async (c) => {
  const db = playerDb(c);
  const userId = c.get("user").id;
  const today = dayStartMs(Date.now());
  const [yesterdayFigures, todayFigures] = await Promise.all([
    winLossBetween(db, userId, today - DAY_MS, today),
    winLossBetween(db, userId, today, today + DAY_MS),
  ]);
  return ok(c, {
    yeswin: toMoney(yesterdayFigures.netCents),
    yestotal: toMoney(yesterdayFigures.turnoverCents),
    todaywin: toMoney(todayFigures.netCents),
    todaytotal: toMoney(todayFigures.turnoverCents),
  } satisfies Trend);
});
