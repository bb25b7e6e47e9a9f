// The browser of the flows and their accessibility checks: Debian's headless Chromium (package chromium-headless-shell,
// the same Chromium build without a window; never a downloaded browser), and the flags every run of it here takes: no
// sandbox (CI runs as root), no GPU, and none of the background traffic a fresh profile would start. The whole
// browser rendered headless costs about a third more CPU on the same flows (docs/decisions/181).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** The browser as players run it, for Lighthouse's figures (npm run audit): Debian's whole Chromium, headless. */
export const PLAYER_CHROMIUM = process.env.PLAYER_CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
