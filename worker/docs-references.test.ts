import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// The repository's own pages say true things about its code: every file a page of docs/ (and the README)
// names exists, and every `path#symbol` (or a path followed by a `symbol` in backticks) names something
// that file declares and that the product's code uses, not only its tests. Migrations are named with the
// trigger, table or index they create (`migrations/0002_x.sql#audit_log_no_update`), so a page cannot
// credit one migration with another's work. docs/architecture.md#conventions.

const root = normalize(join(dirname(new URL(import.meta.url).pathname), ".."));
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
const trackedSet = new Set(tracked);
const pages = tracked.filter((file) => /^docs\/[^/]+\.md$/.test(file) || file === "README.md");
const isTest = (file: string) => /\.test\.tsx?$|^tests\//.test(file);
const SOURCE = /\.(ts|tsx|mjs|js)$/;

type Reference = { page: string; line: number; path: string; symbol: string | null };

const TOP = "(?:app|worker|shared|tests|scripts|migrations|locales|docs|public)";
// a path from the repository's root, optionally #symbol or followed by `symbol`; globs and placeholders are not references
const PATH = new RegExp(`(?<![\\w./-])(${TOP}/[\\w./$-]*[\\w$/])(?:#([\\w$.-]+)|\`?\\s+\`([A-Za-z_$][\\w$]*)\`)?`, "g");

/** Every reference to a file of the repository in one page's text (code blocks included: they are claims too). */
export function referencesIn(page: string, text: string): Reference[] {
  const found: Reference[] = [];
  text.split("\n").forEach((lineText, index) => {
    for (const match of lineText.matchAll(PATH)) {
      const [, path, anchor, backticked] = match;
      const after = lineText[match.index + match[0].length] ?? "";
      if (/[*{<]/.test(path) || after === "*" || after === "<" || after === "{") continue;
      // decision records by number: worker/docs-citations.test.ts checks those
      if (/^docs\/decisions\/(\d{3}|NNN)$/.test(path)) continue;
      found.push({ page, line: index + 1, path, symbol: anchor ?? backticked ?? null });
    }
  });
  return found;
}

/** Where a file declares a name: a function, class, const, type or interface, a SQL object, a JSON key. */
export function declares(file: string, text: string, symbol: string): boolean {
  const name = symbol.replace(/[$.]/g, (c) => `\\${c}`);
  if (file.endsWith(".sql"))
    return new RegExp(
      `CREATE\\s+(?:UNIQUE\\s+)?(?:TRIGGER|TABLE|INDEX|VIEW)\\s+(?:IF NOT EXISTS\\s+)?[\`"]?${name}[\`"]?\\b`,
      "i",
    ).test(text);
  if (file.endsWith(".json")) return new RegExp(`"${name}"\\s*:`).test(text);
  if (file.endsWith(".toml")) return new RegExp(`^\\s*\\[*${name}\\]*|\\b${name}\\s*=`, "m").test(text);
  return new RegExp(
    `(?:function\\*?|class|const|let|var|type|interface|enum)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b|^\\s+(?:async\\s+)?${name}\\s*\\(`,
    "m",
  ).test(text);
}

/** A path the repository keeps out on purpose (.gitignore: build output, screenshots). */
function ignored(path: string) {
  try {
    execFileSync("git", ["check-ignore", "-q", path], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

function problemsOf(refs: Reference[], read: (file: string) => string) {
  const problems: string[] = [];
  const sources = tracked.filter((file) => SOURCE.test(file) && !isTest(file));
  for (const ref of refs) {
    const where = `${ref.page}:${ref.line}: ${ref.path}${ref.symbol ? `#${ref.symbol}` : ""}`;
    const path = ref.path.replace(/\/$/, "");
    const isDir = tracked.some((file) => file.startsWith(`${path}/`));
    if (!trackedSet.has(path) && !isDir && !ignored(ref.path)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (!ref.symbol || isDir || path.endsWith(".md")) continue;
    const text = read(path);
    if (!declares(path, text, ref.symbol)) {
      problems.push(`${where}: the file declares no ${ref.symbol}`);
      continue;
    }
    // code the product runs: the name is used by the product's code, not only by tests
    if (SOURCE.test(path)) {
      const word = new RegExp(`\\b${ref.symbol.replace(/\$/g, "\\$")}\\b`, "g");
      const usedElsewhere = sources.some((file) => file !== path && word.test(read(file)));
      const usedInside = (text.match(word) ?? []).length > 1;
      if (!usedElsewhere && !usedInside) problems.push(`${where}: only tests use ${ref.symbol}`);
    }
  }
  return problems;
}

const cache = new Map<string, string>();
const read = (file: string) => {
  if (!cache.has(file)) cache.set(file, readFileSync(join(root, file), "utf8"));
  return cache.get(file)!;
};

describe("the docs' references to the code", () => {
  it("every file, function and migration object that docs/*.md and the README name exists, and the product uses it", () => {
    const refs = pages.flatMap((page) => referencesIn(page, read(page)));
    expect(refs.length).toBeGreaterThan(50);
    expect(problemsOf(refs, read)).toEqual([]);
  });

  it("finds what it must find", () => {
    const refs = referencesIn(
      "docs/x.md",
      "A payout (worker/money.ts, worker/games/rules.ts `payoutCents`), `worker/db/rounds.ts#settlementStatements`,\nmigrations/0001_ledger_append_only.sql#ledger_no_update and tests/*.test.ts",
    );
    expect(refs.map((r) => [r.path, r.symbol])).toEqual([
      ["worker/money.ts", null],
      ["worker/games/rules.ts", "payoutCents"],
      ["worker/db/rounds.ts", "settlementStatements"],
      ["migrations/0001_ledger_append_only.sql", "ledger_no_update"],
    ]);
    expect(declares("a.sql", "CREATE TRIGGER audit_log_no_update BEFORE UPDATE", "audit_log_no_update")).toBe(true);
    expect(declares("a.sql", "CREATE TRIGGER ledger_no_update BEFORE UPDATE", "audit_log_no_update")).toBe(false);
    expect(declares("a.ts", "export function settle() {}", "settle")).toBe(true);
    expect(declares("a.ts", "const x = settle();", "settle")).toBe(false);
    const fake = (text: string) =>
      problemsOf(referencesIn("docs/x.md", text), (file) => (file === "worker/nowhere.ts" ? "" : read(file)));
    expect(fake("worker/nowhere.ts")).toEqual(["docs/x.md:1: worker/nowhere.ts: no such file"]);
    expect(fake("shared/money.ts#noSuchThing")).toEqual([
      "docs/x.md:1: shared/money.ts#noSuchThing: the file declares no noSuchThing",
    ]);
    expect(fake("migrations/0001_ledger_append_only.sql#audit_log_no_update")).toHaveLength(1);
  });
});
