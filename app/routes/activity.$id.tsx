import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GameRoom } from "~/components/game/GameRoom";
import { RoomRefused } from "~/components/game/RoomRefused";
import { loadRoom, roomAction } from "~/lib/game.server";
import gameStyles from "~/styles/game.css?url";
import { roomTitle } from "~/lib/game-labels";
import { skipAfterRoomAnswer } from "~/lib/room-revalidation";

// The game room of the sum games (types 1-3, room 16's four options included); Racing 10 rooms
// are sent to /bjsc/{id}.
export const handle = { i18n: ["game"], title: roomTitle };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const loader = (args: LoaderFunctionArgs) => loadRoom(args, "activity");
export const action = (args: ActionFunctionArgs) => roomAction(args);
export const shouldRevalidate = skipAfterRoomAnswer;

export default function ActivityRoom() {
  const data = useLoaderData<typeof loader>();
  if (!data.room)
    return <RoomRefused code={data.refusal!.code} message={data.refusal!.message} balance={data.balance} />;
  // one room's state (picks, popup, reads on their way) never carries over to another room
  return <GameRoom key={data.roomId} data={{ ...data, room: data.room, record: data.record ?? null }} />;
}
