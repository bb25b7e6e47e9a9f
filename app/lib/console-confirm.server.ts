import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { formatDecimal } from "./number-format";

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

type Posted = Record<string, string> | FormData;

const valueOf = (posted: Posted, name: string) => (posted instanceof FormData ? posted.get(name) : posted[name]);

export const isConfirmed = (posted: Posted) => valueOf(posted, "confirmed") === "yes";

/** The step's Cancel: nothing is done, and what was typed goes back to the page's form. */
const isCancelled = (posted: Posted) => valueOf(posted, "confirmed") === "cancel";

export const repeatAccepted = (posted: Posted) => valueOf(posted, "repeat_ok") === "yes";

/**
 * The confirm step for this form: every posted field is carried over, except the answers of the step
 * itself. After the step's Cancel it answers no step and `typed`, the fields as posted, which the
 * page's form takes as its values: nothing typed is lost.
 */
export function askToConfirm(posted: Posted, step: Omit<ConfirmStep, "fields">) {
  const entries =
    posted instanceof FormData
      ? [...posted].filter((e): e is [string, string] => typeof e[1] === "string")
      : Object.entries(posted);
  const fields = entries.filter(([name]) => name !== "confirmed" && name !== "repeat_ok");
  if (isCancelled(posted))
    return data({ confirm: null, error: null as string | null, typed: Object.fromEntries(fields) as Typed });
  return data({ confirm: { ...step, fields } satisfies ConfirmStep, error: null as string | null });
}

/** What the operator typed into a form, given back after the confirm step's Cancel or a refusal. */
export type Typed = Record<string, string>;

/** Amounts as the console shows them: thousands separators, two decimals and the configured currency. */
export async function consoleMoney(context: AppLoadContext) {
  const config = await context.callApi("/api/Index/getconfig", {});
  const currency = String(config.data?.currency ?? "USD");
  return (value: number) => `${formatDecimal(value, 2, 2)} ${currency}`;
}
