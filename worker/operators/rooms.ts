import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { ApiError } from "../api/envelope";
import { integerId, parseBody } from "../api/validate";
import { auditStatement } from "../db/audit";
import { runInOneBatch } from "../db/batch";
import type { Db } from "../db/client";
import { findGameRoom, type GameRoom } from "../db/game-rooms";
import { games, rooms } from "../db/schema";
import { isGameType } from "../games/options";
import { rulesTable } from "../games/probability";
import { toMoney } from "../money";

// Rooms as the operator edits them (DESIGN.md 11): odds with the RTP each gives, from the rules.
export const ROOMS_PAGE_SIZE = 24;
const KINDS = ["standard", "vip", "superior", "premier"] as const;

export async function listRoomsPage(db: Db, page: number) {
  return db
    .select({ id: rooms.id, title: rooms.title, roomtype: rooms.roomtype, kind: rooms.kind, trading: rooms.trading, gameType: games.type })
    .from(rooms)
    .innerJoin(games, eq(games.id, rooms.gameId))
    .orderBy(asc(rooms.sort), asc(rooms.roomtype), asc(rooms.id))
    .limit(ROOMS_PAGE_SIZE + 1)
    .offset((page - 1) * ROOMS_PAGE_SIZE);
}

export function roomSettingsOf(room: GameRoom) {
  const table = isGameType(room.gameType) ? rulesTable(room.gameType, room.optionCount, room.ratesMilli) : [];
  return {
    id: room.id,
    title: room.title,
    titleKey: room.titleKey,
    gameType: room.gameType,
    roomtype: room.roomtype,
    kind: room.kind,
    minjoin: toMoney(room.minjoinCents),
    minbuy: toMoney(room.minbuyCents),
    minLevel: room.minLevel,
    roundSeconds: room.roundSeconds,
    closeSeconds: room.closeSeconds,
    trading: room.trading,
    options: table.map((row) => ({ index: row.index, key: row.key, odds: row.oddsMilli / 1000, rtp: row.rtp })),
  };
}

export async function roomForOperator(db: Db, roomId: number) {
  const room = await findGameRoom(db, roomId);
  if (!room) throw new ApiError(1126);
  return roomSettingsOf(room);
}

const cents = () =>
  z.union([z.number(), z.string().trim().regex(/^\d+(\.\d{1,2})?$/, "1127")], { error: "1127" }).transform((v) => Math.round(Number(v) * 100)).pipe(
    z.number().int("1127").min(0, "1127").max(100_000_000_00, "1127"),
  );
const seconds = () =>
  z.union([z.literal(""), z.null(), z.number(), z.string().trim().regex(/^\d+$/, "1127")], { error: "1127" }).transform((v) => (v === "" || v === null ? null : Number(v)));
const oddsMilli = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d{1,3})?$/, "1127")], { error: "1127" }).transform((v) => Math.round(Number(v) * 1000)).pipe(
  z.number().int("1127").min(1001, "1127").max(1_000_000, "1127"),
);

const roomForm = z
  .object({
    id: integerId(),
    title: z.string({ error: "1127" }).trim().min(1, "1127").max(80, "1127"),
    kind: z.enum(KINDS, { error: "1127" }),
    minjoin: cents(),
    minbuy: cents().pipe(z.number().min(1, "1127")),
    minLevel: z.union([z.number(), z.string().regex(/^\d$/, "1127")], { error: "1127" }).transform(Number).pipe(z.number().int("1127").min(1, "1127").max(8, "1127")),
    roundSeconds: seconds(),
    closeSeconds: seconds(),
    trading: z.union([z.boolean(), z.enum(["0", "1", "on", "off"])], { error: "1127" }).transform((v) => v === true || v === "1" || v === "on"),
    rates: z.array(oddsMilli, { error: "1127" }).min(1, "1127").max(64, "1127"),
  })
  .superRefine((f, ctx) => {
    const round = f.roundSeconds;
    if (round !== null && (round < 10 || round > 86_400)) ctx.addIssue({ code: "custom", message: "1127" });
    if (f.closeSeconds !== null && (round === null || f.closeSeconds >= round)) ctx.addIssue({ code: "custom", message: "1127" });
  });

/**
 * Saves the settings with an audit row (before and after) in one batch. The room's next round reads
 * them when it opens (DESIGN.md 11); the round in play keeps what it opened with.
 */
export async function updateRoom(db: Db, operatorId: number, body: unknown, nowMs: number) {
  const form = parseBody(roomForm, body);
  const room = await findGameRoom(db, form.id);
  if (!room) throw new ApiError(1126);
  if (form.rates.length !== room.optionCount) throw new ApiError(1127);
  const values = {
    title: form.title,
    kind: form.kind,
    minjoinCents: form.minjoin,
    minbuyCents: form.minbuy,
    minLevel: form.minLevel,
    roundSeconds: form.roundSeconds,
    closeSeconds: form.closeSeconds,
    trading: form.trading ? 1 : 0,
    ratesMilli: JSON.stringify(form.rates),
  };
  const before = roomSettingsOf(room);
  const after = roomSettingsOf({ ...room, ...values, trading: form.trading, ratesMilli: form.rates });
  await runInOneBatch(db, [
    db.update(rooms).set(values).where(eq(rooms.id, form.id)),
    auditStatement(db, { actorId: operatorId, action: "room.update", target: `room:${form.id}`, before: brief(before), after: brief(after), nowMs }),
  ]);
  return { room: after, wake: form.trading && !room.trading };
}

function brief(s: ReturnType<typeof roomSettingsOf>) {
  const { options, titleKey: _key, ...rest } = s;
  return { ...rest, odds: options.map((o) => o.odds) };
}
