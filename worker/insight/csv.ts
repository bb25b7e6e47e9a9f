import { PLAYER_OFFSET_MS } from "#shared/days";

// The one writer of the console's CSV files (the exports, the books per day; docs/operations.md#exports): what
// a spreadsheet gets is fixed here. Amounts are numbers with two places, never text, so a column sums; only
// text cells are guarded against formulas; times carry their zone; fields are quoted as RFC 4180 says.

/** An amount of money: written as a number with two places, never guarded (a minus sign is a number's). */
type Money = { cents: number };
export type CsvCell = string | number | Money | null;

// Text a spreadsheet would run as a formula (CSV injection): one that starts, after any spaces, with = + - @
// or their full-width forms, or with any Unicode format character (category Cf: soft hyphen, zero-width
// characters, direction marks, embeddings, overrides and isolates, invisible operators, the byte-order mark,
// tags), which is invisible and which a spreadsheet may drop before reading the rest; or a tab or a carriage
// return. Such text is kept as text with a leading quote.
const FORMULA_LEAD = /^(?:[\t\r]|\s*[\p{Cf}=+\-@\uff1d\uff0b\uff0d\uff20])/u;

/** A text cell as a spreadsheet should show it: a formula-led one behind a leading quote, so it stays text. */
const guardedText = (text: string) => (FORMULA_LEAD.test(text) ? `'${text}` : text);

/** An amount of cents as a money cell; null stays an empty cell. */
export const csvMoney = (cents: string | number | null): Money | null =>
  cents === null ? null : { cents: Number(cents) };

/** A database value as a text cell; null stays an empty cell. */
export const csvText = (value: string | number | null) => (value === null ? null : String(value));

/** An instant as the operator's day reads it: date and time in UTC+8, the zone written out. */
export function csvTime(ms: string | number | null): string | null {
  if (ms === null) return null;
  return `${new Date(Number(ms) + PLAYER_OFFSET_MS).toISOString().slice(0, 23).replace("T", " ")}+08:00`;
}

/** One CSV field (RFC 4180); text a spreadsheet would run as a formula is kept as text with a leading quote. */
export function csvField(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return (value.cents / 100).toFixed(2);
  const safe = guardedText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of a CSV file, its end included. */
export const csvLine = (cells: CsvCell[]) => `${cells.map(csvField).join(",")}\r\n`;
