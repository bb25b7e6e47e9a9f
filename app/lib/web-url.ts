/** An operator-set link (support chat, app downloads) is used only when it is an http(s) address. */
export function webUrl(value: string | null | undefined): string | null {
  return value && /^https?:\/\/[^\s"'<>]+$/i.test(value.trim()) ? value.trim() : null;
}
