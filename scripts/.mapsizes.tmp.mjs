import { readFileSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const file = process.argv[2];
const code = readFileSync(file, "utf8");
const map = new SourceMapConsumer(JSON.parse(readFileSync(file + ".map", "utf8")));
const lines = code.split("\n");
const sizes = new Map();
// attribute each generated char range to its source by mappings
const mappings = [];
map.eachMapping((m) => mappings.push(m));
mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
for (let i = 0; i < mappings.length; i++) {
  const m = mappings[i], n = mappings[i + 1];
  const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : lines[m.generatedLine - 1].length;
  const key = (m.source ?? "?").replace(/.*node_modules\//, "nm:").replace(/\/[^/]*$/, "");
  sizes.set(key, (sizes.get(key) ?? 0) + (end - m.generatedColumn));
}
const rows = [...sizes].sort((a, b) => b[1] - a[1]);
let total = 0; for (const [, s] of rows) total += s;
for (const [k, s] of rows.slice(0, 30)) console.log(String(s).padStart(8), k);
console.log("total mapped", total, "of", code.length);
