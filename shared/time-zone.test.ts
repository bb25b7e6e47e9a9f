import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PLAYER_ZONE, zonedTime } from "./days";

// Every time a player or an operator reads names its zone one way: "2026-11-27 14:05 UTC+8", written by
// zonedTime (shared/days.ts). Headings name it through the same constant ("Time (UTC+8)"). The CSV files
// keep their documented ISO form (docs/operations.md#exports), which a spreadsheet reads as a time.
const ROOT = join(import.meta.dirname, "..");
const CSV_FORMAT = new Set(["worker/insight/csv.ts"]);
const DEFINES_IT = new Set(["shared/days.ts"]);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === "content-data" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code of a file without its comments: what it writes, not what it says about it. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

describe("the time zone", () => {
  it("is written one way beside a time", () => {
    expect(PLAYER_ZONE).toBe("UTC+8");
    expect(zonedTime(Date.UTC(2026, 10, 27, 6, 5, 59))).toBe("2026-11-27 14:05 UTC+8");
    // the player's day turns at 16:00 UTC
    expect(zonedTime(Date.UTC(2026, 10, 27, 16, 0))).toBe("2026-11-28 00:00 UTC+8");
  });

  it("is never spelled out by a screen or a message: only shared/days.ts writes it", () => {
    const found: string[] = [];
    for (const file of [...sources("app"), ...sources("worker"), ...sources("shared")]) {
      const path = relative(ROOT, join(ROOT, file));
      if (CSV_FORMAT.has(path) || DEFINES_IT.has(path)) continue;
      const text = code(readFileSync(join(ROOT, file), "utf8"));
      for (const match of text.matchAll(/UTC\s*[+-]\s*0?8|GMT|[+]08:?00|\(\$?\{\s*PLAYER_ZONE\s*\}\)/g))
        found.push(`${path}: ${match[0]}`);
      // beside a time the zone comes from zonedTime; the constant alone only names it in a heading or a
      // day's title (a translation's {{zone}}, the ledger's date, the <PlayerTime zone> component)
      for (const match of text.matchAll(/playerTime\([^)]*\)\)?\s*\}?\s*\(?\$?\{?\s*PLAYER_ZONE/g))
        found.push(`${path}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });

  it("is written the same way in every language's sentences", () => {
    const found: string[] = [];
    for (const lng of ["en", "zh-CN", "zh-TW", "vi"]) {
      for (const name of readdirSync(join(ROOT, "locales", lng))) {
        const text = readFileSync(join(ROOT, "locales", lng, name), "utf8");
        for (const match of text.matchAll(/GMT\s*[+-]?\d*|UTC\s*[+-]\s*0\d(:?\d\d)?|UTC\s+\+\s*8|[+]08:?00/g))
          found.push(`${lng}/${name}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
