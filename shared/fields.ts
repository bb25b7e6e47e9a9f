import * as z from "zod";
import { ProductError } from "./product-error";

/**
 * Parses a body with a form schema whose messages are catalogue codes ("1010").
 * The first failing rule decides the answer; wrong types and missing fields are 1001.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const code = Number(result.error.issues[0]?.message);
  throw new ProductError(Number.isInteger(code) && code > 1000 ? code : 1001);
}

/** A string field: absent or not a string is 1001; surrounding spaces are dropped. */
export const text = () => z.string({ error: "1001" }).trim();

/** A field the contract sends as a number or a numeric string. */
export const integerId = () =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/)], { error: "1001" })
    .transform(Number)
    .pipe(z.number().int("1001").positive("1001").max(Number.MAX_SAFE_INTEGER, "1001"));

/** A list's key as the API hands it out: one to three numbers (the audit log's is time, id and database). */
const cursor = () =>
  z
    .union([z.literal(""), z.string().regex(/^\d{1,15}(_\d{1,15}){0,2}$/, "1001")], { error: "1001" })
    .optional()
    .transform((text) => (text ? text.split("_").map(Number) : null));

/** `after` (the next page, older rows) and `before` (the previous page): a page's next / prev cursor (docs/decisions/112). */
export const cursorFields = { after: cursor(), before: cursor() };
