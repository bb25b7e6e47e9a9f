import { Hono } from "hono";
import { refuseWhileRestricted } from "../../protection/refusal";
import * as z from "zod";
import { ok } from "../envelope";
import { ProductError } from "#shared/product-error";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { pageField, presentId, existingRoom, roomInfo, roomOptions, roomSummary, tradingRoom } from "./game-shared";
import { roundPaidCents } from "../../room/bets";
import { listGames, listRoomsOfTab } from "../../room/game-rooms";
import { ROUND_KEY_WIDTH, drawnRounds, findRound, latestPublicRounds, publicRounds, roundKey } from "../../room/rounds";
import { pageAt, pagedList } from "../../db/paging";
import { cursorFields } from "#shared/fields";
import { getUserById } from "../../accounts/users";
import { toMoney } from "#shared/money";
import { roomStub } from "../../room/routing";
import { diffView, gameView, roundResultView } from "../../room/round-view";
import type { GameInfo, GameList, PublishedRound, RoomList, RoundPaid, RoundResultPage } from "#shared/answers/games";

// Rooms and rounds of the game API (docs/product.md#rounds-and-bets, docs/architecture.md#the-contract and docs/product.md#games).
export const gameRoutes = new Hono<AppEnv>();

const HISTORY_SIZE = 10;
const GAMELOG_PAGE_SIZE = 20;

gameRoutes.post("/api/game/getgamelist", async (c) => {
  const rows = await listGames(c.var.db.control);
  const list = rows.map(({ minjoinCents, ...game }) => ({ ...game, minjoin: toMoney(minjoinCents) }));
  return ok(c, { list } satisfies GameList);
});

const roomListForm = z.object({
  roomtype: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.enum(["1", "2", "3"])], { error: "1001" })
    .transform(Number),
});

gameRoutes.post("/api/game/getroomlist", requireUser, async (c) => {
  const { roomtype } = parseBody(roomListForm, c.get("body"));
  const rooms = await listRoomsOfTab(c.var.db.control, roomtype);
  return ok(c, { list: rooms.map(roomSummary) } satisfies RoomList);
});

const roomForm = z.object({ roomid: presentId("1026") });

/** Entering a room: its rules, odds, the round in play and the latest results. */
gameRoutes.post("/api/game/getgameinfo", requireUser, async (c) => {
  const { roomid } = parseBody(roomForm, c.get("body"));
  const db = c.var.db.control;
  const room = await tradingRoom(db, roomid);
  const wallet = playerDb(c);
  const player = await getUserById(wallet, c.get("user").id);
  // A restricted player never enters a room (docs/decisions/142); the bet's own batch refuses too. Not
  // kept as a refusal: a page load is no attempt to play.
  await refuseWhileRestricted(wallet, player.id, Date.now(), false);
  if (player.level < room.minLevel) throw new ProductError(2055);
  if (player.moneyCents < room.minjoinCents) throw new ProductError(2004, { num: toMoney(room.minjoinCents) });
  const current = await roomStub(c.env, room.id, room.locationHint).ensureRunning(room.id);
  if (!current) throw new ProductError(1020); // trading stopped between the check and the room
  const nowMs = Date.now();
  const his = (await latestPublicRounds(db, room.id, HISTORY_SIZE)).map((row) =>
    roundResultView(row, room.optionCount),
  );
  return ok(c, {
    room: roomInfo(room),
    options: roomOptions(room),
    game: { ...gameView(current, nowMs), initmoney: toMoney(player.moneyCents) },
    diff: diffView(current, nowMs),
    closeSeconds: Math.round((current.drawAtMs - current.closeAtMs) / 1000),
    his,
  } satisfies GameInfo);
});

const gamelogForm = z.object({ roomid: presentId("1026"), page: pageField(), ...cursorFields });

/** Past results of a room, newest first, void rounds among them with their reason. */
gameRoutes.post("/api/game/getgamelog", requireUser, async (c) => {
  const form = parseBody(gamelogForm, c.get("body"));
  const db = c.var.db.control;
  const room = await existingRoom(db, form.roomid);
  const at = pageAt(form, GAMELOG_PAGE_SIZE, ROUND_KEY_WIDTH);
  const rows = await publicRounds(db, room.id, at);
  return ok(
    c,
    pagedList(rows, at, roundKey, (row) => roundResultView(row, room.optionCount)) satisfies RoundResultPage,
  );
});

const currentForm = z.object({
  roomid: presentId("1026"),
  gameseq: z.union([z.literal(""), presentId("1027")]).optional(),
});

/** A round's result, what it paid the player and what they staked on it (the latest drawn round when no seqno is given). */
gameRoutes.post("/api/game/current", requireUser, async (c) => {
  const { roomid, gameseq } = parseBody(currentForm, c.get("body"));
  const db = c.var.db.control;
  const room = await existingRoom(db, roomid);
  const round =
    typeof gameseq === "number" ? await findRound(db, room.id, gameseq) : (await drawnRounds(db, room.id, 1))[0];
  if (!round || round.seed === null) return ok(c, { award: 0, stake: 0, result: null } satisfies RoundPaid);
  const paid = await roundPaidCents(playerDb(c), c.get("user").id, round.id);
  return ok(c, {
    award: toMoney(paid.awardCents),
    stake: toMoney(paid.stakeCents),
    result: roundResultView(round, room.optionCount),
  } satisfies RoundPaid);
});

const roundForm = z.object({ roomid: presentId("1026"), seqno: presentId("1027") });

/** One round for the fairness page (public): its commit, and its seed once drawn. */
gameRoutes.post("/api/game/getround", async (c) => {
  const { roomid, seqno } = parseBody(roundForm, c.get("body"));
  const db = c.var.db.control;
  const room = await existingRoom(db, roomid);
  const round = await findRound(db, room.id, seqno);
  if (!round) throw new ProductError(1028);
  return ok(c, {
    ...roundResultView(round, room.optionCount),
    roomid: room.id,
    gametype: round.gameType,
    optionCount: room.optionCount,
    status: round.status,
  } satisfies PublishedRound);
});
