import { useActionData } from "@remix-run/react";
import type { RoomBody } from "~/components/admin/RoomFields";
import type { ConfirmStep, Typed } from "./console-confirm.server";
import type { FieldErrors } from "./console-fields.server";

/**
 * A console action's answer as the console's shared parts read it (app/components/admin/): the confirm
 * step (ConfirmPanel), the refusal above the page (ActionError), the fields' refusals and the form they
 * belong to (FieldError), and what was typed, given back to the form (DecisionForm, the finance tiers;
 * RoomFields' `typedRoom`, with the odds' refusal `oddsError`). Typed once here: the actions that feed
 * these parts answer values that `satisfies` it (askToConfirm, fieldsRefused, roomRefusal and the
 * routes' own refusals), and `useConsoleAnswer` is the one way to read it.
 */
export type ConsoleAnswer = {
  confirm?: ConfirmStep | null;
  error?: string | null;
  fieldErrors?: FieldErrors | null;
  /** which of the page's forms the field refusals belong to, when it has several */
  form?: string;
  typed?: Typed;
  /** a room form as posted; the new room's also names its currency tab */
  typedRoom?: RoomBody & { roomtype?: string };
  oddsError?: string | null;
};

/** The last console action's answer on this page (undefined before one). */
export const useConsoleAnswer = () => useActionData<ConsoleAnswer>();
