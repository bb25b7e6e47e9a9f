import { data } from "@remix-run/cloudflare";
import type { ApiAnswer } from "./api-types";

export type FormError = { code: number; message: string; field: string | null };

/** Form fields as the contract names them (DESIGN.md 8: one vocabulary from form to API). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
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
