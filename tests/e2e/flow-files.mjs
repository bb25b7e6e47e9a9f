// The browser flows of a run: tests/e2e/*.e2e.mjs, or those whose file name contains E2E_ONLY
// (`npm run test:e2e <name>` sets it).
import { readdirSync } from "node:fs";

export const FLOWS_DIR = "tests/e2e";

/**
 * The longest flows (minutes each on the 2-core machine) start first, so the parallel workers do not end waiting
 * for one of them; the others follow in file order.
 */
const LONGEST_FIRST = ["crawl", "console-a11y", "a11y", "targets", "content", "insight", "player-layout"];

const rank = (file) => {
  const at = LONGEST_FIRST.indexOf(file.replace(".e2e.mjs", ""));
  return at === -1 ? LONGEST_FIRST.length : at;
};

export function flowFiles(only = process.env.E2E_ONLY) {
  return readdirSync(FLOWS_DIR)
    .filter((f) => f.endsWith(".e2e.mjs") && (!only || f.includes(only)))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
