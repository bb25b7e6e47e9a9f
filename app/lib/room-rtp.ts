/** The return to player of typed odds (null while the text is not a number): win chance x odds + refund chance. */
export function typedRtp(option: { win: number; refund: number }, typed: string): number | null {
  const odds = /^\d+(\.\d{1,3})?$/.test(typed.trim()) ? Number(typed) : NaN;
  return Number.isFinite(odds) ? option.win * odds + option.refund : null;
}
