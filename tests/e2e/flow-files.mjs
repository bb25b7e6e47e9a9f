// The browser flows of a run: tests/e2e/*.e2e.mjs, or those whose file name contains E2E_ONLY
// (`npm run test:e2e <name>` sets it).
import { readdirSync } from "node:fs";

export const FLOWS_DIR = "tests/e2e";

export function flowFiles(only = process.env.E2E_ONLY) {
  return readdirSync(FLOWS_DIR)
    .filter((f) => f.endsWith(".e2e.mjs") && (!only || f.includes(only)))
    .sort();
}
