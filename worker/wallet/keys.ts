// Idempotency keys of wallet requests (docs/decisions/022-wallet-idempotency.md). The player's id is
// always part of the key, so one player's request_id can never reach another player's request.

const MINUTE_MS = 60_000;

/**
 * With the form's request_id: that submit, however often it repeats. Without one: the same player,
 * amount and clock minute, so a double click cannot make two requests (a second identical request
 * needs the next minute or a request_id).
 */
export function requestKey(kind: "dep" | "wd" | "adj" | "fin", ownerId: number | string, clientKey: string | undefined, amountCents: number, nowMs: number) {
  return clientKey ? `${kind}:${ownerId}:${clientKey}` : `${kind}:${ownerId}:auto:${amountCents}:${Math.floor(nowMs / MINUTE_MS)}`;
}
