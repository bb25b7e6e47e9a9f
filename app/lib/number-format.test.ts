import { describe, expect, it } from "vitest";
import { formatDecimal } from "./number-format";

// What toLocaleString("en-US", options) gives, through one NumberFormat per range (the same text, faster).
const formats = new Map<string, Intl.NumberFormat>();
const intl = (value: number, min: number, max: number) => {
  const key = `${min}-${max}`;
  if (!formats.has(key))
    formats.set(key, new Intl.NumberFormat("en-US", { minimumFractionDigits: min, maximumFractionDigits: max }));
  return formats.get(key)!.format(value);
};
// The digit ranges the app asks for: money (2, 2), prices (2, 4 / 6), percents (2, 4), plain amounts (0, 3).
const RANGES: [number, number][] = [
  [2, 2],
  [2, 4],
  [2, 6],
  [0, 3],
  [0, 0],
];

describe("formatDecimal", () => {
  it("writes money as players read it", () => {
    expect(formatDecimal(10000, 2, 2)).toBe("10,000.00");
    expect(formatDecimal(-3.5, 2, 2)).toBe("-3.50");
    expect(formatDecimal(1234567.891, 2, 2)).toBe("1,234,567.89");
    expect(formatDecimal(0.1234, 2, 6)).toBe("0.1234");
    expect(formatDecimal(5000, 0, 3)).toBe("5,000");
  });

  it("rounds the shortest decimal half away from zero, as Intl does (not the binary value, as toFixed does)", () => {
    expect(formatDecimal(1.005, 2, 2)).toBe("1.01");
    expect(formatDecimal(-2.675, 2, 2)).toBe("-2.68");
    expect(formatDecimal(0.995, 2, 2)).toBe("1.00");
    expect(formatDecimal(999.995, 2, 2)).toBe("1,000.00");
  });

  it("keeps the sign of a negative that rounds to zero, and writes exponents out", () => {
    expect(formatDecimal(-0.001, 2, 2)).toBe("-0.00");
    expect(formatDecimal(-0, 2, 2)).toBe("-0.00");
    expect(formatDecimal(1e-7, 2, 6)).toBe("0.00");
    expect(formatDecimal(1.5e21, 2, 2)).toBe("1,500,000,000,000,000,000,000.00");
  });

  it("gives exactly what toLocaleString('en-US') gives, for edge cases and thousands of random numbers", () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.5,
      0.05,
      0.005,
      0.0005,
      1.005,
      2.675,
      0.125,
      0.135,
      1e-7,
      -1e-7,
      4.35e-5,
      999.9999999,
      123456789.125,
      1e20,
      1.5e21,
      9.87654321e25,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_VALUE,
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 4000; i++) {
      const magnitude = 10 ** Math.floor(random() * 16 - 6);
      const value = (random() - 0.3) * magnitude;
      values.push(value, Math.round(value * 1000) / 1000, Math.round(value * 100) / 100 + 0.005);
    }
    for (const value of values)
      for (const [min, max] of RANGES)
        expect(formatDecimal(value, min, max), `${value} ${min}-${max}`).toBe(intl(value, min, max));
  });
});
