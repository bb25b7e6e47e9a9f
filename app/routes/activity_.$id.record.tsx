import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { roomIdParam } from "~/lib/game";
import { loadRecordPage } from "~/lib/game.server";

// The record popup's past rounds, read as JSON when the popup opens (app/components/game/useRecords.ts; without
// JavaScript the room page itself renders the popup from ?record=1).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const roomId = roomIdParam(params.id);
  if (roomId === null) throw new Response("Not found", { status: 404 });
  const page = await loadRecordPage(request, context, roomId, new URL(request.url).searchParams.get("page"));
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}
