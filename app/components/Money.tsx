import { useAppConfig } from "~/lib/root-data";
import { formatDecimal } from "~/lib/number-format";

/** An amount with two decimals and the configured currency label (USD or RM). */
export function Money({ value, signed = false }: { value: number; signed?: boolean }) {
  const { currency } = useAppConfig();
  const text = formatDecimal(Math.abs(value), 2, 2);
  const sign = value < 0 ? "-" : signed && value > 0 ? "+" : "";
  return (
    <span className="money">
      {sign}
      {text} <small>{currency}</small>
    </span>
  );
}
