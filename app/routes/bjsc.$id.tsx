import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GameRoom } from "~/components/game/GameRoom";
import { RoomRefused } from "~/components/game/RoomRefused";
import { loadRoom, roomAction } from "~/lib/game.server";
import gameStyles from "~/styles/game.css?url";
import { roomTitle } from "~/lib/game-labels";
import { skipAfterRoomAnswer } from "~/lib/room-revalidation";

// The Racing 10 room (game type 4): ten ranks, each with big, small, odd and even at the room's odds
// (docs/product.md#constants-and-limits: 1.980). Rooms of the other game types are sent to /activity/{id}.
export const handle = { i18n: ["game"], title: roomTitle };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export const loader = (args: LoaderFunctionArgs) => loadRoom(args, "bjsc");
export const action = (args: ActionFunctionArgs) => roomAction(args);
export const shouldRevalidate = skipAfterRoomAnswer;

export default function RacingRoom() {
  const data = useLoaderData<typeof loader>();
  if (!data.room)
    return <RoomRefused code={data.refusal!.code} message={data.refusal!.message} balance={data.balance} />;
  // one room's state (picks, popup, reads on their way) never carries over to another room
  return <GameRoom key={data.roomId} data={{ ...data, room: data.room, record: data.record ?? null }} />;
}
