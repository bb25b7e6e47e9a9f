/**
 * A refusal from the catalogue (docs/product.md#errors): the product's own error, thrown by any rule or
 * query and answered by the API's onError in the envelope. It knows no HTTP: envelopeCode is the
 * contract's answer code (409 = session gone, 403 = account frozen, docs/architecture.md#the-answer-envelope).
 */
export class ProductError extends Error {
  constructor(
    readonly errCode: number,
    readonly extra: Record<string, unknown> = {},
    readonly envelopeCode: 0 | 403 | 409 = 0,
  ) {
    super(`errCode ${errCode}`);
  }
}

export const sessionGone = () => new ProductError(1062, {}, 409);
/** The player's wallet shard is unavailable: answered HTTP 503, the page says so (docs/decisions/169). */
export const ACCOUNT_BUSY = 1240;
export const accountFrozen = () => new ProductError(1069, {}, 403);
