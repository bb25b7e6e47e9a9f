// The flows' pictures of the pages they pass through (tests/e2e/screenshots/), for a person to look at: taken on a
// developer's machine, not in CI, whose fresh clone is thrown away after the run with every picture unseen. They
// cost about a tenth of the flows' CPU there (about 320 pictures, 0.16 CPU-s a window and 0.37 a whole page,
// measured 2026-12-07); a flow that fails keeps its own picture and trace whatever this says (playwright.config.mjs).
// E2E_SHOTS=1 takes them in CI too, E2E_SHOTS=0 skips them anywhere.
import { join } from "node:path";
import { FLOWS_DIR } from "./flow-files.mjs";

export const SHOTS_DIR = join(FLOWS_DIR, "screenshots");

export const SHOTS_KEPT = process.env.E2E_SHOTS ? process.env.E2E_SHOTS === "1" : !process.env.CI;

/** The page's picture as `tests/e2e/screenshots/<name>.png`, when pictures are kept. */
export async function keepShot(page, name, { fullPage = true } = {}) {
  if (SHOTS_KEPT) await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage });
}
