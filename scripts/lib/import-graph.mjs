// The import graph of app/, worker/ and shared/, and its cycles (docs/decisions/150): the layout rule
// says each floor points one way, and a cycle is a knot no reader can start from.
import fs from "node:fs";
import path from "node:path";

const SOURCE = /\.(ts|tsx)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The file an import names, repository-relative, or null for a package (relative, `~/` and `#shared/` only). */
function resolveImport(root, from, specifier) {
  let base;
  if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith("~/")) base = "app/" + specifier.slice(2);
  else if (specifier.startsWith("#shared/")) base = "shared/" + specifier.slice(8);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = path.posix.normalize(base + extension);
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** file -> the files it imports (type-only imports included: a knot in the types is a knot in the design). */
export function importGraph(root, dirs = ["app", "worker", "shared"]) {
  const graph = new Map();
  for (const file of dirs.flatMap((dir) =>
    sourceFiles(path.posix.join(root, dir)).map((f) => path.posix.relative(root, f)),
  )) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const targets = new Set();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(root, file, match[1]);
      if (target && SOURCE.test(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Each strongly connected set of two or more files (or a file importing itself): Tarjan's algorithm. */
export function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const indexOf = new Map();
  const low = new Map();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    on.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (on.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const part = [];
      let member;
      do {
        member = stack.pop();
        on.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}
