import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every route the Worker registers has its answer in shared/answers' map (PlayerAnswers, ConsoleAnswers): `ok`
// holds a route's answer to its path's type only for a path of the map (worker/api/envelope.ts), so a route
// whose path is missing would answer anything unchecked. The player's paths are routed in lower case.

const root = new URL("../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");

/** The paths the route files register: `.post("/api/...")`, and the `["/api/...", ...]` pairs a loop registers. */
function registeredPaths(): string[] {
  const paths = new Set<string>();
  for (const file of readdirSync(`${root}worker/api/routes`).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
  )) {
    const text = read(`worker/api/routes/${file}`);
    for (const m of text.matchAll(/\.(?:post|get)\(\s*"(\/api\/[^"]+)"/g)) paths.add(m[1]);
    for (const m of text.matchAll(/\[\s*"(\/api\/[^"]+)",\s*(?:true|false)\s*\]/g)) paths.add(m[1]);
  }
  return [...paths];
}

/** The map's paths as the Worker routes them. */
function mappedPaths(): Set<string> {
  const keys = (file: string) => [...read(file).matchAll(/^\s+"(\/api\/[^"]+)":/gm)].map((m) => m[1]);
  return new Set([
    ...keys("shared/answers/player-routes.ts").map((path) => path.toLowerCase()),
    ...keys("shared/answers/console-routes.ts"),
  ]);
}

describe("the answers' map", () => {
  it("names the answer of every route the Worker registers", () => {
    const registered = registeredPaths();
    expect(registered.length).toBeGreaterThan(110);
    const mapped = mappedPaths();
    expect(registered.filter((path) => !mapped.has(path))).toEqual([]);
  });
});
