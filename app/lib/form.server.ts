import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { ApiAnswer, FormError } from "#shared/api-types";
import { i18nServer } from "./i18n.server";

/**
 * The posted form; a body that is not a form (JSON, garbage, a wrong content type) is a 400 answer,
 * shown by the root error page, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ badForm: true }, { status: 400 });
  }
}

/** Form fields as the contract names them (docs/product.md#accounts-and-security: one vocabulary from form to API). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await readForm(request);
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") out[key] = value;
  return out;
}

/**
 * A refused answer shown next to the field it concerns (or as a message when no field fits), plus what
 * the page needs to show the form again without JavaScript: the values the player typed (never a
 * password) and any extra the answer carried.
 */
export function formFailure<Extra extends Record<string, unknown> = Record<never, never>>(
  answer: ApiAnswer,
  fieldOfCode: Record<number, string>,
  extra?: Extra,
) {
  const code = Number(answer.data?.errCode ?? 2002);
  const error: FormError = { code, message: answer.info, field: fieldOfCode[code] ?? null };
  return data({ error, ...(extra as Extra) }, { status: 400 });
}

/**
 * Every field's first broken rule at once, read from the schema the API checks the same form with
 * (the API answers only the first): field name -> localized message, or null when the form passes.
 * `fieldOfPath` names the field for a rule on several fields (path "" for the whole form) or a field
 * shown under another one; `extra` adds rules only the page knows (the agreement box).
 */
export async function checkFields(
  request: Request,
  schema: z.ZodType,
  body: Record<string, unknown>,
  fieldOfPath: Record<string, string> = {},
  extra: Record<string, number | null> = {},
): Promise<{ code: number; message: string; field: string; fields: Record<string, string> } | null> {
  const codes = new Map<string, number>();
  const result = schema.safeParse(body);
  for (const issue of result.success ? [] : result.error.issues) {
    const path = issue.path.join(".");
    const field = fieldOfPath[path] ?? path;
    const code = Number(issue.message);
    if (field && !codes.has(field)) codes.set(field, Number.isInteger(code) && code > 1000 ? code : 1001);
  }
  for (const [field, code] of Object.entries(extra)) if (code !== null && !codes.has(field)) codes.set(field, code);
  if (codes.size === 0) return null;
  const t = await i18nServer.getFixedT(request, "errors");
  const fields = Object.fromEntries([...codes].map(([field, code]) => [field, t(String(code))]));
  const [field, code] = [...codes][0];
  return { code, message: fields[field], field, fields };
}

/** The answer of a form refused by checkFields: every field's message, and the values typed. */
export function fieldsFailure<Extra extends Record<string, unknown>>(error: FormError, extra?: Extra) {
  return data({ error, ...(extra as Extra) }, { status: 400 });
}
