import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { ConfirmStep, ConsoleAnswer, Typed } from "./answers/console";
import { formatDecimal } from "./number-format";

type Posted = Record<string, string> | FormData;

const valueOf = (posted: Posted, name: string) => (posted instanceof FormData ? posted.get(name) : posted[name]);

export const isConfirmed = (posted: Posted) => valueOf(posted, "confirmed") === "yes";

/** The step's Cancel: nothing is done, and what was typed goes back to the page's form. */
const isCancelled = (posted: Posted) => valueOf(posted, "confirmed") === "cancel";

export const repeatAccepted = (posted: Posted) => valueOf(posted, "repeat_ok") === "yes";

/**
 * The confirm step for this form (docs/decisions/127; its type is app/lib/answers/console.ts ConfirmStep):
 * every posted field is carried over, except the answers of the step itself. After the step's Cancel it answers no step and `typed`, the fields as posted, which the
 * page's form takes as its values: nothing typed is lost.
 */
export function askToConfirm(posted: Posted, step: Omit<ConfirmStep, "fields">) {
  const entries =
    posted instanceof FormData
      ? [...posted].filter((e): e is [string, string] => typeof e[1] === "string")
      : Object.entries(posted);
  const fields = entries.filter(([name]) => name !== "confirmed" && name !== "repeat_ok");
  if (isCancelled(posted))
    return data({
      confirm: null,
      error: null as string | null,
      typed: Object.fromEntries(fields) as Typed,
    } satisfies ConsoleAnswer);
  return data({ confirm: { ...step, fields }, error: null as string | null } satisfies ConsoleAnswer);
}

/**
 * Amounts as the console shows them: thousands separators, two decimals and the configured currency, which the
 * formatter also carries (`money.currency`, a rate's unit beside it) so a page reads the config once.
 */
export async function consoleMoney(context: AppLoadContext) {
  const config = await context.callApi("/api/Index/getconfig", {});
  const currency = String(config.data?.currency ?? "USD");
  return Object.assign((value: number) => `${formatDecimal(value, 2, 2)} ${currency}`, { currency });
}
