import { data } from "@remix-run/cloudflare";
import type { ApiAnswer, FormError } from "./api-types";

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

/** Form fields as the contract names them (DESIGN.md 8: one vocabulary from form to API). */
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
