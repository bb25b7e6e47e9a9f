import { ProductError } from "#shared/product-error";

// Idempotency keys of wallet requests (docs/decisions/052-idempotency-by-request-id.md). The owner is
// always part of the key, so one player's request_id can never reach another player's request.

/**
 * With the caller's request_id: that request, however often it repeats. Without one: a new request
 * every time (two real withdrawals of the same amount within a minute are two requests).
 */
export function requestKey(
  kind: "dep" | "wd" | "adj" | "fin",
  ownerId: number | string,
  clientKey: string | undefined,
) {
  return clientKey ? `${kind}:${ownerId}:${clientKey}` : `${kind}:${ownerId}:once:${crypto.randomUUID()}`;
}

/** A repeated request_id is the same request only when it asks the same thing; otherwise 1095. */
export function assertSameRequest(stored: Record<string, unknown>, asked: Record<string, unknown>) {
  for (const [field, value] of Object.entries(asked)) if (stored[field] !== value) throw new ProductError(1095);
}
