// VIP tiers of docs/product.md#what-it-is: user.level 1 to 8.
export const LEVEL_KEYS = ["bronze", "silver", "gold", "platinum", "diamond", "master", "king", "supreme"] as const;

/** The level a cumulative turnover earns, given the operator's ascending thresholds in cents. */
export function levelForTurnover(turnoverCents: number, thresholdsCents: number[]): number {
  let level = 1;
  thresholdsCents.forEach((threshold, i) => {
    if (turnoverCents >= threshold) level = Math.min(i + 1, LEVEL_KEYS.length);
  });
  return level;
}
