// Cents inside, a decimal with at most two places on the wire (docs/product.md#money and docs/architecture.md#the-contract).

export function toMoney(cents: number): number {
  return Math.round(cents) / 100;
}

/** Odds in thousandths to the wire's decimal (1980 -> 1.98). */
export function toOdds(oddsMilli: number): number {
  return oddsMilli / 1000;
}

/**
 * A player's amount, typed or sent as a number: digits with at most one decimal point and two
 * decimals. Returns cents, or null when it is not such an amount or is beyond a safe size.
 */
export function parseMoneyToCents(input: unknown): number | null {
  const textValue = typeof input === "number" && Number.isFinite(input) ? String(input) : input;
  if (typeof textValue !== "string") return null;
  const match = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(textValue.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
