// Numbers as the app shows them (en-US digits: 10,000.00, 0.1234), without Intl.NumberFormat: the first
// NumberFormat a page makes loads ICU's number data, one task of 150-400 ms on a phone (Lighthouse's 4x
// slowdown) in the middle of hydration (docs/decisions/104). The text is exactly what
// toLocaleString("en-US", { minimumFractionDigits, maximumFractionDigits }) gives: the shortest decimal
// that reads back as the number, rounded half away from zero; number-format.test.ts compares the two.

/** `value` with `minDigits` to `maxDigits` decimals and thousands separators, as en-US writes it. */
export function formatDecimal(value: number, minDigits: number, maxDigits: number): string {
  if (Number.isNaN(value)) return "NaN";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (!Number.isFinite(value)) return `${sign}∞`;
  const [whole, fraction = ""] = plainDecimal(Math.abs(value)).split(".");
  let units = BigInt(whole + fraction.slice(0, maxDigits).padEnd(maxDigits, "0"));
  if (fraction.length > maxDigits && fraction[maxDigits] >= "5") units += 1n;
  const digits = units.toString().padStart(maxDigits + 1, "0");
  const integer = digits.slice(0, digits.length - maxDigits);
  let decimals = digits.slice(digits.length - maxDigits);
  while (decimals.length > minDigits && decimals.endsWith("0")) decimals = decimals.slice(0, -1);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}${decimals ? `.${decimals}` : ""}`;
}

/** The shortest round-tripping decimal of a non-negative finite number, written out without an exponent. */
function plainDecimal(abs: number): string {
  const text = String(abs);
  const e = text.indexOf("e");
  if (e < 0) return text;
  const [whole, fraction = ""] = text.slice(0, e).split(".");
  const digits = whole + fraction;
  const point = whole.length + Number(text.slice(e + 1));
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  return point >= digits.length ? digits.padEnd(point, "0") : `${digits.slice(0, point)}.${digits.slice(point)}`;
}
