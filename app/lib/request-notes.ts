// Preset reasons for rejecting a deposit or withdrawal and for voiding a round (docs/decisions/127):
// stored as "#key" (plus the operator's free text after it), so each reader sees the preset in their
// own language; a note without "#" is shown as written.
export const REJECT_PRESETS = ["noPayment", "amountMismatch", "accountMismatch", "duplicate", "checksPending"] as const;
export const VOID_PRESETS = ["wrongOdds", "technical", "feedProblem", "suspectedAbuse"] as const;

type Translate = (key: string) => string;

/** The note in the reader's language: "#noPayment Called twice" -> "No payment received · Called twice". */
export function noteText(t: Translate, note: string | null | undefined): string {
  const text = (note ?? "").trim();
  const preset = /^#([A-Za-z]+)(?:\s+([\s\S]*))?$/.exec(text);
  if (!preset) return text;
  const [, key, rest] = preset;
  const known = (REJECT_PRESETS as readonly string[]).includes(key) || (VOID_PRESETS as readonly string[]).includes(key);
  if (!known) return text;
  const label = t(`common:presets.${key}`);
  return rest ? `${label} · ${rest}` : label;
}
