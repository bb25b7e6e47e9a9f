import { useAppConfig } from "~/lib/root-data";
import { formatDecimal } from "~/lib/number-format";

/** Money as the console shows it: thousands separators, two places, the currency named. */
export function useMoney() {
  const { currency } = useAppConfig();
  return (value: number) => `${formatDecimal(value, 2, 2)} ${currency}`;
}

/** A share (0.985) as a percentage with two places: 98.50 %. */
export const percent = (value: number) => `${formatDecimal(value * 100, 2, 2)} %`;
