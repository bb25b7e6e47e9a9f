// npm test: the whole suite (README): the Remix build (kept when it is current, scripts/build.mjs), every vitest
// project in one run, then the browser flows. It stops at the first phase that fails, and ends with the table
// of its phases and their seconds (scripts/lib/phases.mjs); under .ci/run the rows join CI's own table.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { phasesTable, readPhases, recordPhase } from "./lib/phases.mjs";

const own = !process.env.PHASES_FILE;
if (own) process.env.PHASES_FILE = join(mkdtempSync(join(tmpdir(), "phases-")), "phases.tsv");

const PHASES = [
  { name: "build", command: ["node", "scripts/build.mjs"] },
  {
    name: "vitest",
    command: ["npx", "vitest", "run", "--reporter=default", "--reporter=./scripts/lib/vitest-project-times.mjs"],
  },
  { name: "e2e", command: ["npx", "playwright", "test"] },
];

let status = 0;
for (const { name, command } of PHASES) {
  const started = performance.now();
  const run = spawnSync(command[0], command.slice(1), { stdio: "inherit" });
  status = run.status ?? 1;
  recordPhase(name, (performance.now() - started) / 1000, status === 0 ? "" : `FAILED (exit ${status})`);
  if (status !== 0) break;
}
if (own) console.log(`\n${phasesTable(readPhases(process.env.PHASES_FILE))}`);
process.exit(status);
