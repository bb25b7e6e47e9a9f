// Where an operator may point players (banners, articles' pictures, support and app links):
// docs/decisions/062-console-content-settings-and-voids.md. Either an https:// address with a host, or a
// path inside the app: one "/" followed by a letter or digit, so "//evil.example" (another site) and
// "/\evil.example" (read as "//" by browsers) never pass. No spaces, backslashes or control characters.
const isUnsafe = (value: string) =>
  /[\s\\]/.test(value) ||
  [...value].some((ch) => ch.charCodeAt(0) < 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f));

const isAppPath = (value: string) => /^\/[A-Za-z0-9]/.test(value) && !isUnsafe(value);

export function isOperatorLink(value: string): boolean {
  if (value === "" || isUnsafe(value)) return false;
  if (isAppPath(value)) return true;
  if (!/^https:\/\/[A-Za-z0-9[]/i.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

/**
 * A link that keeps players inside the site: none, or a path of the app (/activity/3, /info/1). Anything else an
 * operator may set is an https:// address of another site, where a banner could send players to pay: such a
 * banner waits for a second admin (docs/decisions/188-banners-leading-outside-wait-for-a-second-admin.md).
 */
export const staysInsideSite = (link: string) => link === "" || isAppPath(link);
