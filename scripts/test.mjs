// npm test: the whole suite (README): the Remix build (kept when it is current, scripts/build.mjs), then every vitest
// project and the browser flows side by side, each line of their output marked with its part. Neither part keeps two
// cores busy alone (vitest's files and the flows each wait on workerd, SQLite, a browser or a child process about a
// quarter of the time, docs/decisions/181), so together they end sooner than one after the other. A failed build
// stops the run; otherwise both parts run to their end and the run fails when either did. It ends with the table of
// its phases and their seconds (scripts/lib/phases.mjs); under .ci/run the rows join CI's own table.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { phasesTable, readPhases, recordPhase } from "./lib/phases.mjs";

const own = !process.env.PHASES_FILE;
if (own) process.env.PHASES_FILE = join(mkdtempSync(join(tmpdir(), "phases-")), "phases.tsv");

const BUILD = ["node", "scripts/build.mjs"];
const SIDE_BY_SIDE = [
  {
    name: "vitest",
    command: ["npx", "vitest", "run", "--reporter=default", "--reporter=./scripts/lib/vitest-project-times.mjs"],
  },
  { name: "e2e", command: ["npx", "playwright", "test"] },
];

/** Runs one part with its output's lines marked by its name; resolves to its exit status. */
function part({ name, command }) {
  const width = Math.max(...SIDE_BY_SIDE.map((p) => p.name.length));
  const mark = `${name.padEnd(width)} │ `;
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => out.write(`${mark}${line}\n`));
  return new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`${mark}${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      recordPhase(name, (performance.now() - started) / 1000, status === 0 ? "" : `FAILED (exit ${status})`);
      resolve(status);
    });
  });
}

let status;
const buildStarted = performance.now();
const build = spawnSync(BUILD[0], BUILD.slice(1), { stdio: "inherit" });
status = build.status ?? 1;
recordPhase("build", (performance.now() - buildStarted) / 1000, status === 0 ? "" : `FAILED (exit ${status})`);
if (status === 0) {
  const statuses = await Promise.all(SIDE_BY_SIDE.map(part));
  status = statuses.find((s) => s !== 0) ?? 0;
}
if (own) console.log(`\n${phasesTable(readPhases(process.env.PHASES_FILE))}`);
process.exit(status);
