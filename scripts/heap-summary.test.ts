import { describe, expect, it } from "vitest";
import { compare, summarize } from "./heap-summary.mjs";

/** A snapshot in DevTools' layout: each node is (type, name, self_size) here, named through the strings table. */
function snapshotText(nodes: [type: number, name: string, size: number][]) {
  const strings: string[] = [];
  const at = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  return JSON.stringify({
    snapshot: {
      meta: {
        node_fields: ["type", "name", "self_size"],
        node_types: [["hidden", "array", "string", "object", "code", "closure"], "string", "number"],
      },
    },
    nodes: nodes.flatMap(([type, name, size]) => [type, at(name), size]),
    strings,
  });
}

describe("heap-summary", () => {
  it("counts objects by constructor, closures by name and the rest by kind", () => {
    const summary = summarize(
      snapshotText([
        [3, "Map", 32],
        [3, "Map", 32],
        [5, "placeOrder", 40],
        [2, "some text", 24],
      ]),
    );
    expect(summary.nodeCount).toBe(4);
    expect(summary.total).toBe(128);
    expect(summary.byName.get("Map")).toEqual({ count: 2, bytes: 64 });
    expect(summary.byName.get("(closure) placeOrder")).toEqual({ count: 1, bytes: 40 });
    expect(summary.byName.get("(string)")).toEqual({ count: 1, bytes: 24 });
  });

  it("says what grew between two snapshots, and what went", () => {
    const before = summarize(
      snapshotText([
        [3, "Map", 32],
        [3, "Session", 100],
      ]),
    );
    const after = summarize(
      snapshotText([
        [3, "Map", 32],
        [3, "Map", 32],
        [3, "Map", 32],
      ]),
    );
    const rows = Object.fromEntries(compare(before, after).map((row) => [row.name, row]));
    expect(rows.Map).toMatchObject({ count: 3, bytes: 96, countDelta: 2, bytesDelta: 64 });
    expect(rows.Session).toMatchObject({ count: 0, bytes: 0, countDelta: -1, bytesDelta: -100 });
  });
});
