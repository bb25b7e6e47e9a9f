import { data } from "@remix-run/cloudflare";
import type { ApiAnswer } from "./api-types";
import { askToConfirm } from "./console-confirm.server";

/**
 * A refused room save as the console shows it: odds above the confirm level ask for the confirm step
 * naming the figure (1178), losing odds (1177) stand under the odds table, anything else above the form.
 */
export function roomRefusal(answer: ApiAnswer, form: FormData, confirmButton: string) {
  const code = Number(answer.data?.errCode ?? 0);
  if (code === 1178) return askToConfirm(form, { message: answer.info, button: confirmButton });
  if (code === 1177) return data({ error: null, oddsError: answer.info, confirm: null }, { status: 400 });
  return data({ error: answer.info, oddsError: null, confirm: null }, { status: 400 });
}
