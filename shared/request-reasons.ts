// Preset reasons for rejecting a deposit or withdrawal and for voiding a round (docs/decisions/127):
// stored as "#key" plus the operator's free text after it. The console reads both; the player reads
// only the preset, in their language (docs/decisions/143 does the same for adjustments).
// A deposit and a withdrawal are refused for different reasons (a deposit whose money did not arrive, a
// withdrawal whose account could not take it): each kind of request offers only its own.
export const DEPOSIT_REJECT_PRESETS = [
  "noPayment",
  "amountMismatch",
  "accountMismatch",
  "duplicate",
  "checksPending",
  "other",
] as const;
export const WITHDRAWAL_REJECT_PRESETS = [
  "accountInvalid",
  "accountMismatch",
  "checksPending",
  "duplicate",
  "other",
] as const;
export const VOID_PRESETS = ["wrongOdds", "technical", "feedProblem", "suspectedAbuse"] as const;

export type RejectPreset = (typeof DEPOSIT_REJECT_PRESETS)[number] | (typeof WITHDRAWAL_REJECT_PRESETS)[number];
export const REJECT_PRESETS: readonly RejectPreset[] = [
  ...new Set<RejectPreset>([...DEPOSIT_REJECT_PRESETS, ...WITHDRAWAL_REJECT_PRESETS]),
];

const PRESET_NOTE = /^#([A-Za-z]+)(?:\s+([\s\S]*))?$/;

/** A stored note split into its preset key (when it starts with one, known or not) and the operator's words. */
export function splitNote(note: string | null | undefined): { key: string | null; rest: string } {
  const text = (note ?? "").trim();
  const match = PRESET_NOTE.exec(text);
  return match ? { key: match[1], rest: match[2] ?? "" } : { key: null, rest: text };
}

function isRejectPreset(key: string | null): key is RejectPreset {
  return key !== null && (REJECT_PRESETS as readonly string[]).includes(key);
}

/** The presets a request of this kind may be rejected with. */
export const rejectPresetsOf = (kind: "deposit" | "withdrawal"): readonly RejectPreset[] =>
  kind === "deposit" ? DEPOSIT_REJECT_PRESETS : WITHDRAWAL_REJECT_PRESETS;

export const isRejectPresetOf = (kind: "deposit" | "withdrawal", key: string | null) =>
  key !== null && (rejectPresetsOf(kind) as readonly string[]).includes(key);

/**
 * The part of a rejection's note the player may read: "#key" of its preset, never the operator's words.
 * A note written before presets were required, or with an unknown key, reads as "#other"; no note is "".
 */
export function playerNote(note: string | null | undefined): string {
  if (!(note ?? "").trim()) return "";
  const { key } = splitNote(note);
  return `#${isRejectPreset(key) ? key : "other"}`;
}
