// npm run lint: fails on an import cycle among app/, worker/ and shared/ (scripts/lib/import-graph.mjs).
import { cyclesOf, importGraph } from "./lib/import-graph.mjs";

const cycles = cyclesOf(importGraph(process.cwd()));
if (cycles.length) {
  console.error(`import cycles (${cycles.length}): each set of files below imports itself through the others`);
  for (const cycle of cycles) console.error(`  - ${cycle.join(" <-> ")}`);
  process.exit(1);
}
console.log("import cycles: none");
