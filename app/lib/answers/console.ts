// A console action's answer as the console's shared parts read it (app/components/admin/ through
// app/lib/console-answer.ts useConsoleAnswer). Types only, importing nothing of the app: the actions, the server
// helpers that build their answers and the parts that read them all import it, so no import cycle runs through it.

/**
 * The console's confirm step (docs/decisions/127): the first submit of a destructive or money form
 * answers this step instead of acting; the page shows it naming what will happen, and its form posts
 * the same fields again with confirmed=yes. Plain HTML forms both times: it works without JavaScript.
 */
export type ConfirmStep = {
  message: string;
  button: string;
  fields: [string, string][];
  /** a second warning (the same amount to the same player minutes ago) */
  warning?: string;
  /** a box the operator must tick to go on (name repeat_ok) */
  tick?: string;
};

/** What the operator typed into a form, given back after the confirm step's Cancel or a refusal. */
export type Typed = Record<string, string>;

/** A console form's refusals by field name: each says what the field allows, in the operator's units. */
export type FieldErrors = Record<string, string>;

/** The room form as posted (app/components/admin/RoomFields.tsx roomBody), every field as typed. */
export type RoomBody = {
  title: string;
  kind: string;
  minjoin: string;
  minbuy: string;
  minLevel: string;
  roundSeconds: string;
  closeSeconds: string;
  trading: string;
  locationHint: string;
  rates: string[];
  rtp_confirmed: string;
};

/**
 * What a console action answers its page: the confirm step (ConfirmPanel), the refusal above the page
 * (ActionError), the fields' refusals and the form they belong to (FieldError), what was typed, given back
 * to the form (DecisionForm, the finance tiers, the void form), and a room form as posted (RoomFields'
 * `typedRoom`; the new room's also names its currency tab) with the odds' refusal. A page whose action
 * answers more declares its answer as this and its own fields.
 */
export type ConsoleAnswer = {
  confirm?: ConfirmStep | null;
  error?: string | null;
  fieldErrors?: FieldErrors | null;
  /** which of the page's forms the field refusals belong to, when it has several */
  form?: string;
  typed?: Typed;
  typedRoom?: RoomBody & { roomtype?: string };
  oddsError?: string | null;
};
