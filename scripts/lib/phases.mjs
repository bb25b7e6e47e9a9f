// The table of a run's phases and their seconds (docs/testing.md): `npm test` and .ci/run append a row per
// phase to the file PHASES_FILE names, and print the table at the end. Run as
// `node scripts/lib/phases.mjs print <file>` it prints a file's table.
import { appendFileSync, existsSync, readFileSync } from "node:fs";

/** Appends one phase: its name, its seconds and a few words (files, tests, failed or not). */
export function recordPhase(name, seconds, note = "") {
  const file = process.env.PHASES_FILE;
  if (file) appendFileSync(file, `${[name, seconds.toFixed(1), note.replaceAll("\t", " ")].join("\t")}\n`);
}

/** The rows of a phases file, as written by recordPhase. */
export function readPhases(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name, seconds, note] = line.split("\t");
      return { name, seconds: Number(seconds), note: note ?? "" };
    });
}

/** A Markdown table of the phases (the form docs/testing.md keeps). */
export function phasesTable(rows) {
  const width = Math.max(5, ...rows.map((r) => r.name.length));
  const line = (name, seconds, note) => `| ${name.padEnd(width)} | ${seconds.padStart(7)} | ${note} |`;
  return [
    line("phase", "seconds", "what it ran"),
    `| ${"-".repeat(width)} | ${"-".repeat(6)}: | --- |`,
    ...rows.map((r) => line(r.name, r.seconds.toFixed(1), r.note)),
  ].join("\n");
}

if (process.argv[2] === "print") console.log(phasesTable(readPhases(process.argv[3])));
