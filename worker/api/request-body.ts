// How the API reads a request body (docs/architecture.md#the-contract), in one place: the request
// context (worker/api/context.ts) and the public cache key (worker/api/public-cache.ts) read it alike.

/**
 * A form or JSON body as its fields: an empty body has none; null when it is neither (malformed JSON,
 * an array, a bare value). A body that looks like JSON is JSON whatever the content type says (curl -d
 * sends the form type).
 */
export function parseRequestBody(raw: string, contentType: string): Record<string, unknown> | null {
  if (raw.trim() === "") return {};
  if (!/^\s*[[{]/.test(raw) && contentType.includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(raw));
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
