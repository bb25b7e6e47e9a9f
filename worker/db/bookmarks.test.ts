import { describe, expect, it } from "vitest";
import { formatBookmarks, laterBookmarks, mergeBookmarks, parseBookmarks } from "./bookmarks";

// One bookmark per database (docs/decisions/161): a caller's value names each database it wrote to.
const A = "00000001-00000005-00004f61-aaaa";
const B = "00000001-00000007-00004f61-bbbb";

describe("bookmarks per database", () => {
  it("reads a plain bookmark as the control database's, as callers kept it before the shards", () => {
    expect(parseBookmarks(A)).toEqual({ c: A });
  });

  it("reads and writes one per database, the control database first, shards in order", () => {
    const value = `3:${B}~c:${A}~0:${A}`;
    expect(parseBookmarks(value)).toEqual({ c: A, 0: A, 3: B });
    expect(formatBookmarks(parseBookmarks(value))).toBe(`c:${A}~0:${A}~3:${B}`);
  });

  it("keeps each database's later bookmark, never one database's for another", () => {
    expect(mergeBookmarks({ c: B, 1: A }, { c: A, 1: B, 2: A })).toEqual({ c: B, 1: B, 2: A });
    expect(laterBookmarks(`c:${A}`, `1:${B}`)).toBe(`c:${A}~1:${B}`);
    expect(laterBookmarks(null, null)).toBeNull();
  });

  it("drops entries of the wrong shape instead of passing them to D1", () => {
    expect(parseBookmarks(`c:${A}~x:${B}~2:not a bookmark;~1:${B}`)).toEqual({ c: A, 1: B });
    expect(parseBookmarks("DROP TABLE users; --")).toEqual({});
    expect(parseBookmarks("")).toEqual({});
    expect(parseBookmarks("x".repeat(100_000))).toEqual({});
  });
});
