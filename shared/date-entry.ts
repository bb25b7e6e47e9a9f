// A day typed or shown in a date field, the reader's way (docs/decisions/185-date-fields-in-the-readers-way.md):
// Simplified Chinese and English write it year first as every screen does (2026-12-07), Traditional Chinese with
// slashes (2026/12/07), Vietnamese day first (07/12/2026). A field takes its reader's way, the product's own
// YYYY-MM-DD in every language, and the Chinese 2026年12月7日; what it sends on is always YYYY-MM-DD.

type DayOrder = { first: "year" | "day"; separator: string };

/** Each language of locales/ (app/lib/i18n.ts); any other reads as English. */
const WAYS: Record<string, DayOrder> = {
  en: { first: "year", separator: "-" },
  "zh-CN": { first: "year", separator: "-" },
  "zh-TW": { first: "year", separator: "/" },
  vi: { first: "day", separator: "/" },
};

const wayOf = (lng: string): DayOrder => WAYS[lng] ?? WAYS.en;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A real calendar day as YYYY-MM-DD, or null (2026-02-30 is none). */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const YEAR_FIRST = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/;
const DAY_FIRST = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$/;

/**
 * The day a reader typed, as YYYY-MM-DD, or null when it is not one: their own way, or year first in any
 * language (a four-digit start is read one way by all). Day first only where the reader's way is day first, so an
 * English reader's 07/12/2026 is never guessed at.
 */
export function parseEnteredDay(text: string, lng: string): string | null {
  // full-width digits and separators, as a Chinese keyboard types them
  const typed = text.trim().replace(/[０-９／－．]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  const year = YEAR_FIRST.exec(typed);
  if (year) return isoDay(Number(year[1]), Number(year[2]), Number(year[3]));
  const day = wayOf(lng).first === "day" ? DAY_FIRST.exec(typed) : null;
  return day ? isoDay(Number(day[3]), Number(day[2]), Number(day[1])) : null;
}

/** A YYYY-MM-DD day as its reader writes it in a date field; anything else as it is. */
export function formatEnteredDay(iso: string, lng: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  const way = wayOf(lng);
  return (way.first === "day" ? [day, month, year] : [year, month, day]).join(way.separator);
}

/**
 * What a date field sends on: the day typed, as YYYY-MM-DD when it reads as one, otherwise the text as typed (the
 * check behind it then refuses it in the reader's words, as before), or null when empty.
 */
export function enteredDayOrText(text: string | null | undefined, lng: string): string | null {
  const typed = text?.trim();
  if (!typed) return null;
  return parseEnteredDay(typed, lng) ?? typed;
}
