// What the compiler refuses about the answers the app's actions and loaders hand their pages
// (docs/architecture.md#answers). Nothing here runs: npm run typecheck compiles it (tests/tsconfig.json), and each
// `@ts-expect-error` fails the check the day its line compiles, that is the day the rule it shows stops holding.
import { data, redirect, type SerializeFrom } from "@remix-run/cloudflare";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import type { ConsoleLayout } from "~/lib/answers/console-layout";
import type { RoomActionAnswer } from "~/lib/answers/room";
import { fieldsRefused } from "~/lib/console-fields.server";
import type { roomAction } from "~/lib/game.server";
import type { action as financeAction } from "~/routes/admin.finance";

/** An action declared to answer ConsoleAnswer: a refusal whose words became a code does not compile. */
export async function consoleActionAnsweringACode(refused: boolean): Promise<Answered<ConsoleAnswer>> {
  if (!refused) return redirect("/admin");
  // @ts-expect-error a console refusal is words (a string), not a code
  return data({ error: 1200, fieldErrors: null }, { status: 400 });
}

/** The same without `data`: a field the answer does not have (a misspelt `typedRoom`) does not compile. */
export async function consoleActionAnsweringAFieldNobodyReads(): Promise<Answered<ConsoleAnswer>> {
  // @ts-expect-error ConsoleAnswer has `typedRoom`, no `typedRooms`
  return { error: null, typedRooms: { title: "" } };
}

/** A room's action is held to RoomActionAnswer: an amount typed back as a number does not compile. */
export async function roomActionTypingBackANumber(): Promise<Answered<RoomActionAnswer>> {
  // @ts-expect-error what a refused review posted comes back as text, as typed
  return data({ typed: { options: ["1"], amount: 5 } }, { status: 400 });
}

/**
 * The console's shared helpers answer ConsoleAnswer too: what is typed back is one text a field; a form that
 * posts lists (the settings) names its own field (`typedSettings`).
 */
export function fieldsRefusedTypingBackLists(typed: Record<string, string[]>) {
  // @ts-expect-error `typed` is one text a field (ConsoleAnswer's Typed)
  return fieldsRefused({ kefu_url: "a link" }, { typed });
}

/**
 * The pages read what the actions and loaders are held to: a real route's action read as its page reads it
 * (`useActionData<typeof action>()`), the room's, and the console layout's loader. A field none of them answers
 * does not compile.
 */
export function pagesReadTheirAnswers(
  finance: SerializeFrom<typeof financeAction>,
  room: SerializeFrom<typeof roomAction>,
  layout: ConsoleLayout,
) {
  const typed: Record<string, string> | undefined = finance.typed;
  // @ts-expect-error the finance action answers ConsoleAnswer: `error`, not `errorText`
  const refusal: string = finance.errorText;
  // @ts-expect-error a room's action answers `done`, `review`, `error` and `typed`, no `order`
  const order: unknown = room.order;
  // @ts-expect-error the console layout loads the operator's id as `id`, no `operatorId`
  const id: number = layout.operatorId;
  return [typed, refusal, order, id];
}
