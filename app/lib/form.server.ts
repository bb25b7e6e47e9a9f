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

/** A refused answer shown next to the field it concerns (or as a toast when no field fits). */
export function formFailure(answer: ApiAnswer, fieldOfCode: Record<number, string>) {
  const code = Number(answer.data?.errCode ?? 2002);
  return data({ error: { code, message: answer.info, field: fieldOfCode[code] ?? null } satisfies FormError }, { status: 400 });
}
