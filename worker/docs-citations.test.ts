import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// A fresh clone explains itself: every document a tracked file names (a .md file, a section of one, a
// decision record by number) is in the repository, and nothing points outside it: not the team's notes
// (../shared), not an issue or pull request of a tracker a clone cannot read (named by its number):
// a comment says the rule itself, or cites docs/ and the decision records, which travel with the code.
// docs/architecture.md#conventions.

const root = normalize(join(dirname(new URL(import.meta.url).pathname), ".."));
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
const trackedSet = new Set(tracked);
const trackedNames = new Set(tracked.map((file) => basename(file)));
const TEXT = /\.(ts|tsx|mjs|js|json|md|sql|css|toml|sh)$|^\.ci\/run$|^\.gitignore$/;
// package-lock.json names the .md files of packages; this file and docs-references.test.ts name broken citations on purpose.
const SKIP = new Set(["package-lock.json", "docs-citations.test.ts", "docs-references.test.ts"]);
const decisions = tracked.filter((file) => /^docs\/decisions\/\d{3}-.*\.md$/.test(file));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(root, file), "utf8");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slugOf(match[1])));
}

type Problem = { file: string; line: number; cites: string };

/** Every citation in one file's text that does not lead to something in the repository. */
function brokenCitations(
  file: string,
  text: string,
  exists: (path: string) => boolean,
  anchors: (path: string) => Set<string>,
  hasName: (name: string) => boolean,
  decisionNumbers: Set<string>,
): Problem[] {
  const problems: Problem[] = [];
  text.split("\n").forEach((lineText, index) => {
    const line = index + 1;
    // A path that climbs out of the repository (the team notes once lived in ../shared beside it).
    for (const match of lineText.matchAll(/(?:\.\.\/)+shared\b/g)) {
      if (normalize(join(dirname(file), match[0])).startsWith("..")) problems.push({ file, line, cites: match[0] });
    }
    for (const match of lineText.matchAll(/(?<![\w@/.-])((?:\.{1,2}\/|[\w-]+\/)*[\w.-]+\.md)(#[\w-]+)?(?![\w/])/g)) {
      const [, path, anchor] = match;
      let target: string | null = null;
      if (path.includes("/")) {
        const fromRoot = normalize(path);
        const fromFile = normalize(join(dirname(file), path));
        target = exists(fromRoot) ? fromRoot : exists(fromFile) ? fromFile : null;
      } else if (hasName(path)) {
        target = exists(path) ? path : "";
      }
      if (target === null) {
        problems.push({ file, line, cites: match[0] });
        continue;
      }
      if (anchor && target && !anchors(target).has(anchor.slice(1))) problems.push({ file, line, cites: match[0] });
    }
    // A tracker's issue or pull request by number, alone or listed ("and", commas), with or without "#".
    for (const match of lineText.matchAll(
      /\b(?:issues?|PRs?|pull requests?)\s*#?\d+(?:(?:\s*,\s*|\s+and\s+)#?\d+)*/gi,
    )) {
      problems.push({ file, line, cites: match[0] });
    }
    for (const match of lineText.matchAll(/docs\/decisions\/(\d{3})(?!\d)/g)) {
      if (!decisionNumbers.has(match[1])) problems.push({ file, line, cites: match[0] });
    }
  });
  return problems;
}

describe("citations", () => {
  it("every document a tracked file names is in the repository", () => {
    const numbers = new Set(decisions.map((file) => basename(file).slice(0, 3)));
    const problems = tracked
      .filter((file) => TEXT.test(file) && !SKIP.has(basename(file)) && existsSync(join(root, file)))
      .flatMap((file) =>
        brokenCitations(
          file,
          readFileSync(join(root, file), "utf8"),
          (path) => trackedSet.has(path),
          anchorsOf,
          (name) => trackedNames.has(name),
          numbers,
        ),
      );
    expect(problems).toEqual([]);
  });

  it("every decision record carries its date and a status, and a superseding record exists", () => {
    const numbers = new Set(decisions.map((file) => basename(file).slice(0, 3)));
    for (const file of decisions) {
      const head = readFileSync(join(root, file), "utf8").split("\n").slice(0, 6).join("\n");
      expect(head, file).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
      const status = /^Status: (accepted|superseded (?:in part )?by (\d{3}))\b/m.exec(head);
      expect(status, `${file}: Status: accepted | superseded [in part] by NNN`).not.toBeNull();
      if (status?.[2]) expect(numbers.has(status[2]), file).toBe(true);
    }
  });

  it("finds what it must find", () => {
    const exists = (path: string) => ["docs/product.md", "README.md"].includes(path);
    const anchors = () => new Set(["money"]);
    const hasName = (name: string) => name === "README.md";
    const check = (text: string, file = "worker/x.ts") =>
      brokenCitations(file, text, exists, anchors, hasName, new Set(["110"])).map((p) => p.cites);
    // the names are put together here, so that this file itself names no missing document
    const [design, spec] = ["DESIGN", "SPEC"].map((name) => `${name}.${"md"}`);
    expect(check(`// ${design} 4 and ../../shared/${spec}`)).toEqual(["../../shared", design, `../../shared/${spec}`]);
    expect(check(`see ../shared/${design}`, "README.md")).toEqual(["../shared", `../shared/${design}`]);
    expect(check('"include": ["../shared/**/*.ts"]', "tests/tsconfig.json")).toEqual([]);
    expect(check("// docs/product.md#money, README.md, docs/decisions/110")).toEqual([]);
    expect(check("// docs/product.md#mony")).toEqual(["docs/product.md#mony"]);
    const guide = `docs/guide.${"md"}`;
    expect(check(`// ${guide} and docs/decisions/999`)).toEqual([guide, "docs/decisions/999"]);
    // a tracker nobody can open from a clone (the words are put together so that this file cites none)
    const issue = ["iss", "ue"].join("");
    expect(check(`// Done when (${issue} 29): axe finds none`)).toEqual([`${issue} 29`]);
    expect(check(`// ${issue}s 25 and 29, Is${"sue"} #7 and P${"R"} #12`, "README.md")).toEqual([
      `${issue}s 25 and 29`,
      `Is${"sue"} #7`,
      `P${"R"} #12`,
    ]);
    expect(check("// an issue of money; bets shown as `#2 · 4`; two issues remain")).toEqual([]);
    expect(slugOf("A bet from tap to settlement")).toBe("a-bet-from-tap-to-settlement");
    expect(slugOf("How to add an API call")).toBe("how-to-add-an-api-call");
  });
});
