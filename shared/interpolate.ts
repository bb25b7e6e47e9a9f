// The Worker's catalogue texts name their values as {{name}}, as i18next does: the error messages
// (shared/messages.ts), the ledger's reasons (worker/ledger/reasons.ts) and the CSV files' words
// (worker/insight/csv-words.ts) are filled here, one way. The browser's translator (app/lib/translator.ts)
// keeps its own, checked against i18next key by key.

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The text with each {{name}} replaced by its value; a name without a value leaves nothing. */
export function interpolate(template: string, values: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ""));
}
