// The crawl's rule for long numbers (tests/e2e/crawl.e2e.mjs), on what one screen shows: a player reads no internal
// id or timestamp (an id has 13 digits, a shard's range: shared/request-ref.ts; an order number more), only words
// and short references. An account number the player pays into is theirs to read and copy, whatever its length
// (a Vietcombank account has 13 digits): the screens mark it (data-account-number). Run in Node on what the page's
// one evaluate returned: no load.

/** The long numbers in a screen's visible words, each once, less the account numbers it marks. */
export function longNumbers(text, accounts = []) {
  const marked = new Set(accounts);
  return [...new Set(text.match(/\b\d{13,}\b/g) ?? [])].filter((n) => !marked.has(n));
}
