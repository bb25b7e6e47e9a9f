// npm run lint: fails on an import cycle among app/, worker/ and shared/, and on an import that points the
// wrong way between them, dynamic `import()` included (scripts/lib/import-graph.mjs, docs/decisions/150).
import { cyclesOf, importGraph, wrongWays } from "./lib/import-graph.mjs";

const graph = importGraph(process.cwd());
const wrong = wrongWays(graph);
if (wrong.length) {
  console.error(`imports that point the wrong way (${wrong.length}; docs/decisions/150):`);
  for (const line of wrong) console.error(`  - ${line}`);
}
const cycles = cyclesOf(graph);
if (cycles.length) {
  console.error(`import cycles (${cycles.length}): each set of files below imports itself through the others`);
  for (const cycle of cycles) console.error(`  - ${cycle.join(" <-> ")}`);
}
if (wrong.length || cycles.length) process.exit(1);
console.log("import cycles: none; imports point one way");
