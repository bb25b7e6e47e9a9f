// Where an operator may point players (banners, articles' pictures, support and app links):
// docs/decisions/062-console-content-settings-and-voids.md. Either an https:// address with a host, or a
// path inside the app: one "/" followed by a letter or digit, so "//evil.example" (another site) and
// "/\evil.example" (read as "//" by browsers) never pass. No spaces, backslashes or control characters.
const UNSAFE = /[\s\\\u0000-\u001f\u007f-\u009f]/;

export function isOperatorLink(value: string): boolean {
  if (value === "" || UNSAFE.test(value)) return false;
  if (/^\/[A-Za-z0-9]/.test(value)) return true;
  if (!/^https:\/\/[A-Za-z0-9[]/i.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}
