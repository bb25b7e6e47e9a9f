import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { callApi } from "~/lib/api.server";
import { roomIdParam, type PollAnswer } from "~/lib/game";

// The 10 s polling fallback of the game room (docs/architecture.md#the-contract getVorder): the browser never holds the token,
// so it asks this route and the server calls the API with the session cookie's token. The room reads it with a plain
// fetch (app/lib/read-json.ts), so it answers JSON itself.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const roomId = roomIdParam(params.id);
  if (roomId === null) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const answer = await callApi(request, context, "/api/Game/getVorder", {
    roomid: roomId,
    isfirst: 1,
    order_id: 0,
    gameseq: url.searchParams.get("seqno") ?? "",
    gametype: Number(url.searchParams.get("gametype")) || 0,
  });
  const poll: PollAnswer =
    answer.code === 1
      ? { ok: true, list: answer.data.list, seqno: answer.data.seqno }
      : { ok: false, list: [], seqno: null };
  return Response.json(poll, { headers: { "Cache-Control": "no-store" } });
}
