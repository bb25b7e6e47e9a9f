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

/**
 * file -> the files it imports, static and dynamic (`import()`), type-only imports included: a knot in
 * the types is a knot in the design, and a dynamic import crosses a floor as surely as a static one.
 */
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

const floorOf = (file) => {
  const [top, area] = file.split("/");
  if (top !== "worker") return top;
  if (area === "api" || area === "db") return `worker/${area}`;
  return area.endsWith(".ts") ? "worker" : "worker/domain";
};

/** Each import that points the wrong way (docs/decisions/150): the same rule ESLint applies, here with dynamic imports. */
export function wrongWays(graph) {
  const wrong = [];
  for (const [from, targets] of graph) {
    const a = floorOf(from);
    for (const to of targets) {
      const b = floorOf(to);
      const refused =
        (a === "app" && b.startsWith("worker")) ||
        (a.startsWith("worker") && b === "app") ||
        (a === "shared" && b !== "shared") ||
        (a === "worker/domain" && b === "worker/api") ||
        (a === "worker/db" && (b === "worker/domain" || b === "worker/api"));
      if (refused) wrong.push(`${from} -> ${to}`);
    }
  }
  return wrong;
}
