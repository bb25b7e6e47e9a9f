import type { FormError } from "#shared/api-types";
import type { BetOptionOdds } from "#shared/answers/games";

// What a game room's action answers (app/lib/game.server.ts roomAction), read by app/components/game/
// (GameRoom.tsx, useBetting.ts). Types only: the action and the room's parts import it, neither the other.

/** The order the confirm dialog shows before it is placed (game.server.ts builds it, Dialogs.tsx shows it). */
export type OrderReview = {
  gameid: number;
  seqno: number | string;
  amount: number;
  total: number;
  picks: Array<BetOptionOdds & { pick: string }>;
  /** One key per confirmed order: paying twice (a double tap, a retried POST) places it once. */
  requestId: string;
};

/** A placed order or cancel the room shows after it (the page with JavaScript stays). */
export type Done = { message: string; money: number; orderId: number | null };

/** What a review posted: the picks and the amount as typed. */
export type TypedOrder = { options: string[]; amount: string };

export type RoomActionAnswer = {
  error?: FormError;
  done?: Done;
  review?: OrderReview;
  /** what a refused review posted, for the page without JavaScript to show again */
  typed?: TypedOrder;
};
