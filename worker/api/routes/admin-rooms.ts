import { Hono } from "hono";
import type { Paged } from "#shared/answers/paging";
import type { ActionDone } from "#shared/answers/console-routes";
import type { AuditRow } from "#shared/answers/console-operators";
import type { TotalsPage } from "#shared/answers/console-insight";
import type {
  BoardRow,
  GameChoices,
  RoomRow,
  RoomSettings,
  RoomTemplate,
  RoundPage,
} from "#shared/answers/console-rooms";
import { eq } from "drizzle-orm";
import { ok } from "../envelope";
import { ProductError } from "#shared/product-error";
import { parseBody } from "#shared/fields";
import { DAY_MS, parseDate } from "#shared/days";
import type { AppEnv } from "../types";
import { AUDIT_KEY_WIDTH, AUDIT_PAGE_SIZE, auditKey, listAudit } from "../../audit/log";
import { pageAt, pageOf, pagedList } from "../../db/paging";
import { controlAndShards } from "../../db/every-shard";
import { listGames } from "../../room/game-rooms";
import {
  auditForm,
  roomIdForm,
  roomListForm,
  roomPageForm,
  roomTemplateForm,
  roundsForm,
  voidRoundForm,
} from "#shared/forms/operators";
import {
  ROOM_ROUND_KEY_WIDTH,
  ROUNDS_PAGE_SIZE,
  dailyTotals,
  roomRoundKey,
  roomRounds,
  roomVoidCounts,
} from "../../insight/reports";
import {
  ROOMS_PAGE_SIZE,
  createRoom,
  listRoomsPage,
  roomRow,
  newRoomTemplate,
  roomForOperator,
  updateRoom,
} from "../../room/console";
import {
  ROUND_BOARD_PAGE_SIZE,
  roundBoard,
  roundBoardForm,
  roundBoardKey,
  ROUND_BOARD_KEY_WIDTH,
  roundBoardRow,
} from "../../room/round-board";
import { roomStub } from "../../room/routing";
import { forgetRoomRef } from "./game-shared";
import { rounds } from "../../db/schema";

// Rooms and their odds, their rounds, the daily totals and the read-only audit log (docs/product.md#operators).
export const adminRoomRoutes = new Hono<AppEnv>();

adminRoomRoutes.post("/api/admin/rooms", async (c) => {
  // The room catalogue is a few dozen rows: paged by number, within pageAt's bound.
  const form = parseBody(roomListForm, c.get("body"));
  // paged by number only: its form takes no cursor, so its key has no width
  const { page } = pageAt({ page: form.page }, ROOMS_PAGE_SIZE, 0);
  const rows = await listRoomsPage(c.var.db.control, page, {
    gameId: form.gameId,
    currencyTab: form.roomtype,
    kind: form.kind,
  });
  return ok(c, pageOf(rows.map(roomRow), page, ROOMS_PAGE_SIZE) satisfies Paged<RoomRow>);
});

adminRoomRoutes.post("/api/admin/rooms/get", async (c) =>
  ok(c, (await roomForOperator(c.var.db.control, parseBody(roomIdForm, c.get("body")).id)) satisfies RoomSettings),
);

adminRoomRoutes.post("/api/admin/rooms/update", async (c) => {
  const { room, wake } = await updateRoom(c.var.db.control, c.get("user").id, c.get("body"), Date.now());
  forgetRoomRef(room.id);
  // The room decides whether an order trades (docs/decisions/161): it reads the flag again before the next
  // one, so a stop answered here refuses the next order.
  const stub = roomStub(c.env, room.id, room.locationHint);
  await stub.tradingChanged(room.id);
  // Trading back on: the room opens its next round now rather than at the next cron tick.
  if (wake) c.executionCtx.waitUntil(stub.ensureRunning(room.id));
  return ok(c, room satisfies RoomSettings);
});

adminRoomRoutes.post("/api/admin/games", async (c) => {
  const rows = await listGames(c.var.db.control);
  return ok(c, {
    list: rows.map((g) => ({ id: g.id, title: g.title, titleKey: g.titleKey, type: g.type })),
  } satisfies GameChoices);
});

adminRoomRoutes.post("/api/admin/rooms/template", async (c) => {
  const form = parseBody(roomTemplateForm, c.get("body"));
  return ok(c, (await newRoomTemplate(c.var.db.control, form.gameId, form.optionCount)) satisfies RoomTemplate);
});

adminRoomRoutes.post("/api/admin/rooms/create", async (c) => {
  const { room, wake } = await createRoom(c.var.db.control, c.get("user").id, c.get("body"), Date.now());
  if (wake) c.executionCtx.waitUntil(roomStub(c.env, room.id, room.locationHint).ensureRunning(room.id));
  return ok(c, room satisfies RoomSettings);
});

/** Voids the round in play before its draw (the room refunds every stake); the reason is mandatory. */
adminRoomRoutes.post("/api/admin/rounds/void", async (c) => {
  const form = parseBody(voidRoundForm, c.get("body"));
  const db = c.var.db.control;
  const round = await db
    .select({ roomId: rounds.roomId, status: rounds.status })
    .from(rounds)
    .where(eq(rounds.id, form.roundId))
    .get();
  if (!round) throw new ProductError(1150);
  if (round.status !== "open") throw new ProductError(1150);
  const voided = await roomStub(c.env, round.roomId).voidRound({
    roomId: round.roomId,
    roundId: form.roundId,
    operatorId: c.get("user").id,
    note: form.reason,
  });
  if (!voided) throw new ProductError(1150);
  return ok(c, { roundId: form.roundId, status: "void" } satisfies ActionDone);
});

adminRoomRoutes.post("/api/admin/audit", async (c) => {
  const form = parseBody(auditForm, c.get("body"));
  const at = pageAt(form, AUDIT_PAGE_SIZE, AUDIT_KEY_WIDTH);
  // the player's days (shared/days.ts), as the totals'; a date that is not on the calendar filters nothing
  const from = form.from ? parseDate(form.from) : null;
  const to = form.to ? parseDate(form.to) : null;
  const query = { operator: form.operator, action: form.action, target: form.target, userId: form.userId, at };
  const range = { fromMs: from ?? undefined, toMs: to === null ? undefined : to + DAY_MS };
  const rows = await listAudit(c.var.db.control, await controlAndShards(c.var.db), { ...query, ...range });
  return ok(
    c,
    // `key` names a row once in the whole log: the control database and shard 0 hand out ids from one range, so
    // two rows can share an id (the screen keys its list by it)
    pagedList(rows, at, auditKey, (row) => {
      const { source: _, ...shown } = row;
      return { ...shown, key: auditKey(row).join("_") };
    }) satisfies Paged<AuditRow>,
  );
});

adminRoomRoutes.post("/api/admin/rounds", async (c) => {
  const form = parseBody(roundsForm, c.get("body"));
  const at = pageAt(form, ROUNDS_PAGE_SIZE, ROOM_ROUND_KEY_WIDTH);
  const db = c.var.db.control;
  const [rows, voids] = await Promise.all([
    roomRounds(db, c.var.db.wallets, form.roomId, at),
    roomVoidCounts(db, form.roomId),
  ]);
  return ok(c, { ...pagedList(rows, at, roomRoundKey, (row) => row), voids } satisfies RoundPage);
});

adminRoomRoutes.post("/api/admin/rounds/board", async (c) => {
  const form = parseBody(roundBoardForm, c.get("body"));
  const at = pageAt(form, ROUND_BOARD_PAGE_SIZE, ROUND_BOARD_KEY_WIDTH);
  const rows = await roundBoard(c.var.db.control, c.var.db.wallets, form.status, at);
  return ok(c, pagedList(rows, at, roundBoardKey, roundBoardRow) satisfies Paged<BoardRow>);
});

adminRoomRoutes.post("/api/admin/totals", async (c) => {
  const { page } = parseBody(roomPageForm, c.get("body"));
  return ok(c, {
    page,
    days: await dailyTotals(c.var.db.control, c.var.db.wallets, page, Date.now()),
  } satisfies TotalsPage);
});
