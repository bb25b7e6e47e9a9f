import type { Enrolment, OperatorCreated } from "#shared/answers/console-operators";
import type { Decision } from "~/components/admin/OperatorRequests";

/** A change to one operator, as the first submit names it and the confirming one carries out. */
export type Change = {
  intent: "role" | "disable" | "enable" | "reset";
  operatorId: string;
  username: string;
  role?: string;
};

/** What the screen's action answers: an error, a step to confirm, or an enrolment code shown once. */
export type ActionResult = {
  error?: string;
  confirm?: Change;
  decide?: Decision;
  created?: OperatorCreated;
  resetCode?: { username: string; enrolment: Enrolment };
  /** the refused new operator, typed again into the form (the page without JavaScript is new) */
  typed?: { username: string; role: string; email: string };
};
