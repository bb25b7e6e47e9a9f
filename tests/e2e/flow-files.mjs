// The browser flows of a run: tests/e2e/*.e2e.mjs, or those whose file name contains one of E2E_ONLY's
// comma-separated names (`npm run test:e2e <name> ...` sets it, scripts/test-e2e.mjs).
import { readdirSync } from "node:fs";

export const FLOWS_DIR = "tests/e2e";

/**
 * The longest flows (minutes each on the 2-core machine) start first, so the parallel workers do not end waiting
 * for one of them; the others follow in file order.
 */
const LONGEST_FIRST = [
  "crawl",
  "typed-before-hydration",
  "insight",
  "beacon",
  "room-reads",
  "vi-player",
  "game",
  "console-day",
  "content",
  "targets",
  "player-layout",
  "console-a11y",
];

const rank = (file) => {
  const at = LONGEST_FIRST.indexOf(file.replace(".e2e.mjs", ""));
  return at === -1 ? LONGEST_FIRST.length : at;
};

export function flowFiles(only = process.env.E2E_ONLY) {
  const names = (only ?? "").split(",").filter(Boolean);
  return readdirSync(FLOWS_DIR)
    .filter((f) => f.endsWith(".e2e.mjs") && (!names.length || names.some((name) => f.includes(name))))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
