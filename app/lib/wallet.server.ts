import { data } from "@remix-run/cloudflare";
import type { ApiAnswer } from "./api-types";
import { formFailure } from "./form.server";

/**
 * formFailure plus what the page needs to show the form again without JavaScript: the values the
 * player typed (never a password) and any extra the answer carried (the support link of 2056).
 */
export function failureWith<Extra extends Record<string, unknown>>(answer: ApiAnswer, fieldOfCode: Record<number, string>, extra: Extra) {
  const failure = formFailure(answer, fieldOfCode);
  return data({ ...failure.data, ...extra }, failure.init ?? undefined);
}
