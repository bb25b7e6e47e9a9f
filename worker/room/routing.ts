import { databasesOf } from "../db/databases";
import { tradingRooms } from "./game-rooms";
import { ROOM_LOCATION_HINTS, type RoomLocationHint } from "#shared/rooms";
import type { RoomDO } from "./room-do";

const isHint = (value: string | null | undefined): value is RoomLocationHint =>
  (ROOM_LOCATION_HINTS as readonly string[]).includes(value ?? "");

/**
 * The one object of a room (docs/architecture.md#the-room). The room's location hint, where the caller
 * has the room's row, places the object near its players when it is first created; Cloudflare ignores
 * it for an object that exists, and local runs ignore it altogether (docs/decisions/160).
 */
export function roomStub(env: Env, roomId: number, locationHint?: string | null): DurableObjectStub<RoomDO> {
  const id = env.ROOMS.idFromName(String(roomId));
  return (isHint(locationHint) ? env.ROOMS.get(id, { locationHint }) : env.ROOMS.get(id)) as DurableObjectStub<RoomDO>;
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
  const open = await tradingRooms(databasesOf(env).control);
  const roomIds = open.map((room) => room.id);
  const results = await Promise.allSettled(
    open.map((room) => roomStub(env, room.id, room.locationHint).ensureRunning(room.id)),
  );
  results.forEach((result, i) => {
    if (result.status === "rejected")
      console.error(JSON.stringify({ cron: "wakeOpenRooms", roomId: roomIds[i], error: String(result.reason) }));
  });
}
