import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { callApi, requireProfile } from "~/lib/api.server";
import { roomIdParam } from "~/lib/game";
import { winConditions } from "~/lib/game-rules";
import { isGameType } from "#shared/games/options";
import { rulesTable } from "#shared/games/probability";

/** A room's rules: every figure computed from the settlement rules and the room's live odds. */
export async function loadRoomRules({ request, context, params }: LoaderFunctionArgs) {
  const roomId = roomIdParam(params.roomId);
  if (roomId === null) throw new Response("Not found", { status: 404 });
  const [, info] = await Promise.all([
    requireProfile(request, context),
    callApi(request, context, "/api/Game/getGameinfo", { roomid: roomId }),
  ]);
  if (info.code !== 1) return { roomId, refusal: info.info, rules: null };
  const { room, options, closeSeconds } = info.data;
  const gameType = room.type;
  if (!isGameType(gameType)) throw new Response("Unknown game", { status: 404 });
  const ratesMilli = options.map((option) => Math.round(option.odds * 1000));
  const table = rulesTable(gameType, options.length, ratesMilli);
  const conditions = winConditions(gameType, options.length);
  return {
    roomId,
    refusal: null,
    rules: {
      title: room.title,
      titleKey: room.titleKey,
      gameType,
      closeSeconds,
      minbuy: room.minbuy,
      rows: table.map((row, i) => ({ ...row, condition: conditions[i] })),
    },
  };
}
