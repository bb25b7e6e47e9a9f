import { Hono } from "hono";
import * as z from "zod";
import { ok } from "../envelope";
import { ProductError, sessionGone } from "#shared/product-error";
import { handBookmark, playerDb, requireUser, sessionToken } from "../context";
import { confirmSession, knownSessionUser } from "../known-sessions";
import { integerId, parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { existingRoom, knownRoom, presentId, roomRef } from "./game-shared";
import { findOrder, findOrderByRequest, liveBetCursor, liveBets, mergeLiveBets } from "../../room/bets";
import { shardCount, shardOfToken } from "../../db/shards";
import { shardOfId } from "../../db/id-ranges";
import { latestRound } from "../../room/rounds";
import { toMoney } from "#shared/money";
import { roomStub } from "../../room/routing";
import { liveBetView } from "../../room/round-view";
import { requestId } from "#shared/forms/wallet";
import type { CancelledOrder, LiveBetsSince, PlacedOrder } from "#shared/answers/games";

// Betting (docs/architecture.md#a-bet-from-tap-to-settlement, docs/product.md#input-rules): the route checks the order against the room, the room checks
// the round and writes the bets with the debit in one batch.
export const gameOrderRoutes = new Hono<AppEnv>();

const vorderForm = z.object({
  roomid: presentId("1026"),
  isfirst: z.unknown().optional(),
  order_id: z.union([z.null(), z.literal(""), z.literal(0), z.literal("0"), integerId()]).optional(),
  gameseq: z.unknown().optional(),
});

/**
 * The live table: real bets of the round in play, from every wallet shard merged by time (docs/decisions/161);
 * isfirst = all of them, else those after order_id (a bet id: its time is read in the shard that wrote it).
 */
gameOrderRoutes.post("/api/game/getvorder", requireUser, async (c) => {
  const form = parseBody(vorderForm, c.get("body"));
  const db = c.var.db.control;
  const room = await existingRoom(db, form.roomid);
  const round = await latestRound(db, room.id);
  if (!round || round.status !== "open" || round.drawnAtMs !== null)
    return ok(c, { list: [], order_id: 0, seqno: round?.seqno ?? null } satisfies LiveBetsSince);
  const first = form.isfirst === 1 || form.isfirst === "1" || form.isfirst === true;
  // A client still on the previous round gets the new round in full.
  const sameRound = form.gameseq === undefined || String(form.gameseq) === String(round.seqno);
  const afterId = !first && sameRound && typeof form.order_id === "number" ? form.order_id : 0;
  const shards = shardCount(c.env);
  const cursor =
    afterId > 0 && shardOfId(afterId) < shards
      ? await liveBetCursor(c.var.db.wallet(shardOfId(afterId)), afterId)
      : null;
  const rows = mergeLiveBets(
    await Promise.all(Array.from({ length: shards }, (_, shard) => liveBets(c.var.db.wallet(shard), round, cursor))),
  );
  const me = c.get("user").id;
  const list = rows.map((row) => ({ ...liveBetView(row, room.gameType, room.optionCount), mine: row.userId === me }));
  return ok(c, {
    list,
    order_id: rows.length ? rows[rows.length - 1].id : afterId,
    seqno: round.seqno,
  } satisfies LiveBetsSince);
});

const orderForm = z.object({ roomid: presentId("1026"), gameid: presentId("1027"), request_id: requestId() });

/**
 * An order: the room checks it against its round and whether it trades, and writes it in the player's wallet
 * shard (docs/decisions/161); whether the session still signs in and the player's level are decided inside
 * that write (docs/decisions/100 and 116), so the player may come from the isolate's memory of sessions. With request_id, the same key
 * again (a double tap, a retried POST, both at once) is the same order: its answer, no second debit, also
 * when the retry comes after the round closed.
 */
gameOrderRoutes.post("/api/game/order", async (c) => {
  const token = sessionToken(c);
  const { user, fromMemory } = await knownSessionUser(c, token);
  const body = c.get("body");
  const form = parseBody(orderForm, body);
  const db = c.var.db.control;
  const room = await knownRoom(db, form.roomid);
  // a token older than the shards names none: its player is in shard 0 (worker/api/context.ts requireUser)
  const shard = shardOfToken(token, shardCount(c.env)) ?? 0;
  const outcome = await roomStub(c.env, room.roomId).placeOrder({
    room,
    roundId: form.gameid,
    userId: user.id,
    shard,
    sessionId: user.sessionId,
    username: user.username,
    uncheckedLines: body.order_info,
    requestId: form.request_id ?? null,
  });
  if (!outcome.ok) {
    // Nothing but the order itself was checked against the session: look it up before any other answer.
    if (fromMemory || outcome.errCode === 1062) await confirmSession(c, token);
    if (outcome.errCode === 1062) throw sessionGone();
    const placed = form.request_id
      ? await findOrderByRequest(c.var.db.wallet(shard), user.id, form.request_id)
      : undefined;
    if (placed)
      return ok(c, {
        order_id: placed.id,
        ordersn: placed.orderNumber,
        money: toMoney(placed.moneyCents),
      } satisfies PlacedOrder);
    throw new ProductError(outcome.errCode, outcome.extra ?? {});
  }
  handBookmark(c, outcome.bookmark, shard);
  return ok(c, {
    order_id: outcome.orderId,
    ordersn: outcome.orderNumber,
    money: toMoney(outcome.moneyCents),
  } satisfies PlacedOrder);
});

const cancelForm = z.object({ roomid: presentId("1026"), order_id: presentId("1041") });

/** Cancels the player's own order while its round is open; the stake comes back at once. */
gameOrderRoutes.post("/api/game/getgamecancel", requireUser, async (c) => {
  const { roomid, order_id } = parseBody(cancelForm, c.get("body"));
  const order = await findOrder(playerDb(c), order_id);
  // Another player's order is "not found": ids are not a way to learn about other players.
  if (!order || order.userId !== c.get("user").id || order.roomId !== roomid) throw new ProductError(1041);
  if (order.status === "cancelled") throw new ProductError(2003);
  const room = await existingRoom(c.var.db.control, roomid);
  const outcome = await roomStub(c.env, room.id).cancelOrder({
    room: roomRef(room),
    order,
    shard: c.get("user").shard!,
  });
  if (!outcome.ok) throw new ProductError(outcome.errCode);
  handBookmark(c, outcome.bookmark, c.get("user").shard!);
  return ok(c, { money: toMoney(outcome.moneyCents) } satisfies CancelledOrder);
});
