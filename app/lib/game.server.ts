import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { callApi, requireProfile } from "./api.server";
import type { ApiAnswer } from "#shared/api-types";
import { redirectWithToast } from "./flash.server";
import type { FormError } from "#shared/api-types";
import { formFailure, readForm } from "./form.server";
import { i18nServer } from "./i18n.server";
import {
  buildOrderInfo,
  encodePick,
  orderProblem,
  parseStake,
  roomIdParam,
  screenOfRoomType,
  type RoomScreen,
  type OrderProblem,
  type RecordPage,
} from "./game";
import type { RoundResult } from "#shared/rounds";
import type { Answered } from "./answers/answered";
import type { OrderReview, RoomActionAnswer, TypedOrder } from "./answers/room";
import { bettingOpen, secondsOfDiff } from "./game-countdown";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

// The game room's loader and action, shared by /activity/{id} (sum games) and /bjsc/{id} (Racing 10).

type Args = { request: Request; context: AppLoadContext; params: { id?: string } };

function roomIdOrNotFound(params: { id?: string }): number {
  const roomId = roomIdParam(params.id);
  if (roomId === null) throw new Response("Not found", { status: 404 });
  return roomId;
}

export async function loadRoom({ request, context, params }: Args, screen: RoomScreen) {
  const roomId = roomIdOrNotFound(params);
  const url = new URL(request.url);
  const [profile, info] = await Promise.all([
    requireProfile(request, context),
    callApi(request, context, "/api/Game/getGameinfo", { roomid: roomId }),
  ]);
  if (info.code !== 1) {
    // Entry refused (2004 balance below minjoin, 2055 level, 1020 trading stopped, 1057 no room).
    const refusal: FormError = { code: Number(info.data?.errCode ?? 2002), message: info.info, field: null };
    return { roomId, balance: profile.money, refusal, room: null };
  }
  const room = info.data;
  const home = screenOfRoomType(room.room.type);
  if (home !== screen) throw redirect(`/${home}/${roomId}${url.search}`);
  const { seqno, gametype } = room.game;
  const lastDrawn = room.his[0];
  const [bets, award, record] = await Promise.all([
    callApi(request, context, "/api/Game/getVorder", {
      roomid: roomId,
      isfirst: 1,
      order_id: 0,
      gameseq: seqno,
      gametype,
    }),
    lastDrawn
      ? callApi(request, context, "/api/Game/current", {
          roomid: roomId,
          gameseq: lastDrawn.seqno,
          gametype,
        })
      : null,
    url.searchParams.has("record") ? loadRecordPage(request, context, roomId, url.searchParams.get("page")) : null,
  ]);
  return {
    roomId,
    balance: profile.money,
    refusal: null,
    // The moment the room data was read, on the clock drawAt uses, for an exact countdown.
    servedAt: Date.now(),
    room,
    bets: bets.code === 1 ? bets.data.list : [],
    // A backend that does not send the stake (the legacy contract) leaves it unknown: the payout is then only "paid".
    lastAward:
      award?.code === 1 && lastDrawn
        ? {
            seqno: lastDrawn.seqno,
            award: Number(award.data.award) || 0,
            stake: typeof award.data.stake === "number" ? award.data.stake : null,
          }
        : null,
    record,
  };
}

/** One page (20 rounds) of a room's past results, for the record popup. */
export async function loadRecordPage(
  request: Request,
  context: AppLoadContext,
  roomId: number,
  pageParam: string | null,
): Promise<RecordPage> {
  const page = Math.max(1, Math.min(500, Number.parseInt(pageParam ?? "1", 10) || 1));
  const answer = await callApi(request, context, "/api/Game/getGamelog", {
    roomid: roomId,
    page,
  });
  if (answer.code !== 1) return { page, list: [] as RoundResult[], hasMore: false, failed: answer.info };
  // A backend without hasMore (the legacy contract) has more when the page came back full.
  const hasMore = answer.data.hasMore ?? answer.data.list.length >= 20;
  return { page, list: answer.data.list, hasMore, failed: null };
}

function problemFailure(
  t: (key: string, options?: Record<string, unknown>) => string,
  problem: OrderProblem,
  typed?: TypedOrder,
) {
  const messages: Record<OrderProblem["reason"], [number, string, string]> = {
    select: [1030, "option", t("game:order.pickOne")],
    tooMany: [1031, "option", t("game:order.tooMany", { max: 9 })],
    amount: [1050, "amount", t("game:order.badAmount")],
    minbuy: [1024, "amount", t("errors:1024", { num: problem.reason === "minbuy" ? problem.num : 0 })],
    balance: [1025, "amount", t("errors:1025")],
  };
  const [code, field, message] = messages[problem.reason];
  return data({ error: { code, message, field } satisfies FormError, typed }, { status: 400 });
}

/** The first step of an order: the picks with the room's current odds, for the player to confirm. */
async function reviewOrder(args: Args, roomId: number, form: FormData) {
  const t = await i18nServer.getFixedT(args.request, ["game", "errors"]);
  // a refusal without JavaScript is a new page: it comes back with the picks and the amount typed
  const typed: TypedOrder = { options: form.getAll("option").map(String), amount: String(form.get("amount") ?? "") };
  const info = await callApi(args.request, args.context, "/api/Game/getGameinfo", { roomid: roomId });
  if (info.code !== 1) return formFailure(info, FIELD_OF_ERROR.order);
  const room = info.data;
  if (!bettingOpen(secondsOfDiff(room.diff), room.closeSeconds)) {
    return data(
      { error: { code: 1029, message: t("game:round.stopped"), field: null } satisfies FormError, typed },
      { status: 400 },
    );
  }
  const wanted = new Set(form.getAll("option").map(String));
  const picks = room.options.filter((option) => wanted.has(String(option.index)));
  if (picks.length !== wanted.size) {
    return data(
      { error: { code: 1031, message: t("errors:1031"), field: "option" } satisfies FormError, typed },
      { status: 400 },
    );
  }
  const amountText = String(form.get("amount") ?? "");
  const problem = orderProblem(picks.length, amountText, room.room.minbuy, room.game.initmoney);
  if (problem) return problemFailure(t, problem, typed);
  const amount = parseStake(amountText)!;
  return {
    review: {
      gameid: room.game.id,
      seqno: room.game.seqno,
      amount,
      total: amount * picks.length,
      picks: picks.map((p) => ({ ...p, pick: encodePick(p) })),
      requestId: crypto.randomUUID(),
    } satisfies OrderReview,
  } satisfies RoomActionAnswer;
}

async function finish(args: Args, form: FormData, message: string, money: number, orderId?: number) {
  if (form.get("js") === "1")
    return { done: { message, money: Number(money), orderId: orderId ?? null } } satisfies RoomActionAnswer;
  return redirectWithToast(args.context, new URL(args.request.url).pathname, message);
}

async function placeOrder(args: Args, roomId: number, form: FormData) {
  const t = await i18nServer.getFixedT(args.request, ["game", "errors"]);
  const amount = parseStake(String(form.get("amount") ?? ""));
  const orderInfo = amount === null ? null : buildOrderInfo(form.getAll("pick").map(String), amount);
  if (amount === null) return problemFailure(t, { reason: "amount" });
  if (!orderInfo || orderInfo.length === 0) return problemFailure(t, { reason: "select" });
  const answer: ApiAnswer<{ order_id: number; money: number }> = await callApi(
    args.request,
    args.context,
    "/api/Game/order",
    {
      gameid: Number(form.get("gameid")),
      roomid: roomId,
      order_info: orderInfo,
      ...(requestIdOf(form) ? { request_id: requestIdOf(form) } : {}),
    },
  );
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.order);
  return finish(args, form, t("game:order.placed"), answer.data.money, answer.data.order_id);
}

/** The confirm form's key (answers/room.ts OrderReview.requestId); a malformed one is left to the API to refuse. */
function requestIdOf(form: FormData): string | null {
  const value = form.get("request_id");
  return typeof value === "string" && value !== "" ? value : null;
}

async function cancelOrder(args: Args, roomId: number, form: FormData) {
  const t = await i18nServer.getFixedT(args.request, "game");
  const answer = await callApi(args.request, args.context, "/api/Game/getGamecancel", {
    roomid: roomId,
    order_id: Number(form.get("order_id")),
  });
  if (answer.code !== 1) return formFailure(answer, {});
  return finish(args, form, t("game:cancel.done"), answer.data.money);
}

/** intent=review (confirm step), order (pay) or cancel; every form works without JavaScript. */
export async function roomAction(args: Args): Promise<Answered<RoomActionAnswer>> {
  const roomId = roomIdOrNotFound(args.params);
  const form = await readForm(args.request);
  switch (form.get("intent")) {
    case "review":
      return reviewOrder(args, roomId, form);
    case "order":
      return placeOrder(args, roomId, form);
    case "cancel":
      return cancelOrder(args, roomId, form);
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
