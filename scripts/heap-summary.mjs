// node scripts/heap-summary.mjs <a.heapsnapshot> [<b.heapsnapshot>] [--top N]: what a V8 heap snapshot holds, by
// constructor (objects by their constructor's name, the rest by kind: "(string)", "(closure) name", "(code)", ...):
// count and self size, the largest first. Given two snapshots of one isolate (the soak's, taken minutes apart:
// tests/bench/soak.bench.mjs, SOAK_HEAP_SNAPSHOTS), it prints what grew between them, by self size and by count.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Count and self size of each constructor in a snapshot's text (the .heapsnapshot JSON DevTools writes). */
export function summarize(text) {
  const snapshot = JSON.parse(text);
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const typeNames = types[typeAt];
  const { nodes, strings } = snapshot;
  const byName = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = typeNames[nodes[i + typeAt]];
    // DevTools names some internal objects with their node id ("system / Context @1234"): one name for them all
    const name = strings[nodes[i + nameAt]].replace(/ @\d+$/, "");
    const key = type === "object" ? name : type === "closure" ? `(closure) ${name || "anonymous"}` : `(${type})`;
    const entry = byName.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += nodes[i + sizeAt];
    total += nodes[i + sizeAt];
    byName.set(key, entry);
  }
  return { total, nodeCount: nodes.length / width, byName };
}

/** The constructors of `after` against `before`: their counts and self sizes and what each gained. */
export function compare(before, after) {
  const names = new Set([...before.byName.keys(), ...after.byName.keys()]);
  return [...names].map((name) => {
    const a = before.byName.get(name) ?? { count: 0, bytes: 0 };
    const b = after.byName.get(name) ?? { count: 0, bytes: 0 };
    return { name, count: b.count, bytes: b.bytes, countDelta: b.count - a.count, bytesDelta: b.bytes - a.bytes };
  });
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const signed = (n, format = String) => (n > 0 ? `+${format(n)}` : n < 0 ? `-${format(-n)}` : "0");

function main(argv) {
  const topAt = argv.indexOf("--top");
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 15;
  const files = argv.filter((a, i) => a !== "--top" && i !== topAt + 1);
  if (files.length < 1 || files.length > 2) {
    console.error("usage: node scripts/heap-summary.mjs <a.heapsnapshot> [<b.heapsnapshot>] [--top N]");
    process.exit(2);
  }
  const summaries = files.map((file) => summarize(readFileSync(file, "utf8")));
  summaries.forEach((s, i) => console.log(`${files[i]}: ${s.nodeCount} objects, ${kib(s.total)} self size in all`));
  if (summaries.length === 1) {
    const rows = [...summaries[0].byName].sort((x, y) => y[1].bytes - x[1].bytes).slice(0, top);
    console.log(`\ntop ${top} by self size:`);
    for (const [name, { count, bytes }] of rows)
      console.log(`  ${kib(bytes).padStart(12)}  ${String(count).padStart(8)}  ${name}`);
    return;
  }
  const [before, after] = summaries;
  console.log(
    `\nin all: ${signed(after.total - before.total, kib)}, ${signed(after.nodeCount - before.nodeCount)} objects`,
  );
  const rows = compare(before, after);
  for (const [title, key] of [
    ["self size", "bytesDelta"],
    ["count", "countDelta"],
  ]) {
    console.log(`\ntop ${top} by ${title} gained (gained size, gained count, now size, now count, constructor):`);
    for (const row of [...rows].sort((x, y) => y[key] - x[key]).slice(0, top))
      console.log(
        `  ${signed(row.bytesDelta, kib).padStart(13)}  ${signed(row.countDelta).padStart(8)}  ${kib(row.bytes).padStart(12)}  ${String(row.count).padStart(8)}  ${row.name}`,
      );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
