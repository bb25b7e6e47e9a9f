import { getDb } from "../db/client";
import { tradingRoomIds } from "./game-rooms";
import type { RoomDO } from "./room-do";

/** The one object of a room (docs/architecture.md#the-room). */
export function roomStub(env: Env, roomId: number): DurableObjectStub<RoomDO> {
  return env.ROOMS.get(env.ROOMS.idFromName(String(roomId))) as DurableObjectStub<RoomDO>;
}

/** /ws/room/:id: the room's live round and bet list (docs/architecture.md#the-contract). */
export async function handleRoomSocket(request: Request, env: Env, url: URL): Promise<Response> {
  const match = /^\/ws\/room\/(\d{1,9})\/?$/.exec(url.pathname);
  if (!match) return new Response("Not found", { status: 404 });
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return new Response("Expected a WebSocket upgrade", { status: 426 });
  }
  // The room's object answers 404 for a room that does not exist: no D1 read here (docs/decisions/114).
  const roomId = Number(match[1]);
  const headers = new Headers(request.headers);
  headers.set("x-room-id", String(roomId));
  return roomStub(env, roomId).fetch(new Request(request.url, { headers }));
}

/**
 * The cron (every minute) wakes every room with trading on, so rounds go on when nobody watches and
 * a lost alarm is replaced within a minute. A room that fails is logged; the others still run.
 */
export async function wakeOpenRooms(env: Env): Promise<void> {
  const roomIds = await tradingRoomIds(getDb(env));
  const results = await Promise.allSettled(roomIds.map((roomId) => roomStub(env, roomId).ensureRunning(roomId)));
  results.forEach((result, i) => {
    if (result.status === "rejected")
      console.error(JSON.stringify({ cron: "wakeOpenRooms", roomId: roomIds[i], error: String(result.reason) }));
  });
}
