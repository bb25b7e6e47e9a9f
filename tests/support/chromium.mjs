// Debian's Chromium (never a downloaded browser) and the flags every run of it here takes: headless, no sandbox
// (CI runs as root), no GPU, and none of the background traffic a fresh profile would start.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
