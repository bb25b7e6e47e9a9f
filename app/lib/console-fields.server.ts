import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ConsoleAnswer, FieldErrors } from "./answers/console";
import { i18nServer } from "./i18n.server";

/**
 * Checks a console form with the schema the API checks it with (the API answers the first broken rule
 * only; this collects every field's). An issue's path names its field: `rates.3` is the fourth odds
 * input, `vip_thresholds.2` the VIP list; `fieldOf` renames paths (a rule on the whole form, path "",
 * belongs to a field). The message is the path's or the field's allowed range from `ranges` (written by the page in
 * the operator's units: money with its currency, a rate as a percentage), else the catalogue's text.
 */
export async function consoleFieldErrors(
  request: Request,
  schema: z.ZodType,
  body: Record<string, unknown>,
  ranges: Record<string, string>,
  fieldOf: Record<string, string> = {},
): Promise<FieldErrors | null> {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const t = await i18nServer.getFixedT(request, "errors");
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    const field = fieldOf[path] ?? fieldOf[String(issue.path[0] ?? "")] ?? path;
    if (errors[field]) continue;
    const code = Number(issue.message);
    errors[field] =
      ranges[path] ??
      ranges[field] ??
      ranges[String(issue.path[0] ?? "")] ??
      t(String(Number.isInteger(code) && code > 1000 ? code : 1001));
  }
  return errors;
}

/** The answer of a refused console form: the fields' messages, what was typed, nothing sent to the API. */
export const fieldsRefused = <Extra extends Record<string, unknown>>(
  fieldErrors: FieldErrors,
  extra?: Extra & Omit<ConsoleAnswer, "error" | "fieldErrors">,
) => data({ error: null, fieldErrors, ...(extra as Extra) } satisfies ConsoleAnswer, { status: 400 });
