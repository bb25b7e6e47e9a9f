import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// One way to read a phone number (docs/decisions/168-one-phone-number-in-e164.md): the player's form, the
// Worker and the command that normalises stored rows all call `normalisePhone`, and every comparison (the
// unique phone of registration, SMS codes and their counters, the forgotten password, self-exclusion) is on
// its E.164 string. The `min` metadata keeps the bundles small: it checks a number's country and length,
// not whether the number is in service.

/** The product is Vietnamese-first: a number typed without a country is Vietnam's (docs/product.md#screens). */
export const DEFAULT_DIAL_CODE = "+84";

/** A phone number in E.164 ("+84912345678") and its country calling code ("+84"), the contract's `quhao`. */
export type Phone = { e164: string; dialCode: string };

// What people type between digits: spaces (also no-break and thin ones), dots, dashes, slashes, brackets.
const SEPARATORS = /[\s.\-/()\u00a0\u2009\u202f]/g;

/**
 * The E.164 number of what was typed, or null when it is not a phone number. A number with an international
 * prefix (`+84`, `0084`, and the mistyped `+084` and `+0084`) keeps its own country; any other is read in
 * the country of `dialCode` (the form's picker, Vietnam by default), with or without its trunk 0.
 */
export function normalisePhone(typed: string, dialCode: string = DEFAULT_DIAL_CODE): Phone | null {
  // "(0)" is the trunk prefix some write inside an international number: +84 (0) 912 345 678
  const compact = typed.replace(/\(0\)/g, "").replace(SEPARATORS, "");
  if (!/^\+?\d{1,20}$/.test(compact)) return null;
  const international = /^(\+0{0,2}|00)(?=[1-9])/;
  const parsed = international.test(compact)
    ? parsePhoneNumberFromString(compact.replace(international, "+"))
    : /^\+\d{1,4}$/.test(dialCode)
      ? parsePhoneNumberFromString(compact, { defaultCallingCode: dialCode.slice(1) })
      : undefined;
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, dialCode: `+${parsed.countryCallingCode}` };
}

/** The number as a player sees it on their own profile: the country code and a masked middle. */
export function maskedPhone(e164: string, dialCode: string): string {
  if (!e164) return "";
  const national = e164.startsWith(dialCode) ? e164.slice(dialCode.length) : e164;
  return `${national.slice(0, 3)}****${national.slice(-2)}`;
}
