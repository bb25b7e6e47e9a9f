// Text a spreadsheet would run as a formula (CSV injection): one that starts, after any spaces, with = + - @
// or their full-width forms, or with any Unicode format character (category Cf: soft hyphen, zero-width
// characters, direction marks, embeddings, overrides and isolates, invisible operators, the byte-order mark,
// tags), which is invisible and which a spreadsheet may drop before reading the rest; or a tab or a carriage
// return. Every CSV the product writes keeps such text as text with a leading quote (docs/operations.md#exports).
const FORMULA_LEAD = /^(?:[\t\r]|\s*[\p{Cf}=+\-@\uff1d\uff0b\uff0d\uff20])/u;

/** True when a spreadsheet could read this text cell as a formula. */
const formulaLed = (text: string) => FORMULA_LEAD.test(text);

/** A text cell as a spreadsheet should show it: a formula-led one behind a leading quote, so it stays text. */
export const guardedText = (text: string) => (formulaLed(text) ? `'${text}` : text);
