import type { FormError } from "#shared/api-types";

/** A field's message: from a checked form (every field) or from the API's single refusal. */
export function fieldMessage(error: FormError | null | undefined, name: string): string | null {
  if (!error) return null;
  return error.fields?.[name] ?? (error.field === name ? error.message : null);
}
