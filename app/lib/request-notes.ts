import { REJECT_PRESETS, VOID_PRESETS, playerNote, splitNote } from "#shared/request-reasons";

// How a rejection's or void's note reads (shared/request-reasons.ts, docs/decisions/127): the console
// reads the preset in its language with the operator's words after it; the player reads the preset only.
export { REJECT_PRESETS, VOID_PRESETS };

type Translate = (key: string) => string;

/** The console's reading: "#noPayment Called twice" -> "No payment received · Called twice"; other notes as written. */
export function noteText(t: Translate, note: string | null | undefined): string {
  const { key, rest } = splitNote(note);
  const known =
    key !== null &&
    ((REJECT_PRESETS as readonly string[]).includes(key) || (VOID_PRESETS as readonly string[]).includes(key));
  if (!known) return (note ?? "").trim();
  const label = t(`common:presets.${key}`);
  return rest ? `${label} · ${rest}` : label;
}

/** The player's reading: the preset alone in their language; typed text or an unknown key reads as "other"; no note is "". */
export function playerNoteText(t: Translate, note: string | null | undefined): string {
  const shown = playerNote(note);
  return shown ? t(`common:presets.${shown.slice(1)}`) : "";
}
