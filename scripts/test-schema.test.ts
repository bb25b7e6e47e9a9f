import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain script of its own, no types
import { SNAPSHOT, snapshotText } from "./test-schema.mjs";

// Every workerd test file's databases start from tests/fixtures/schema.sql (tests/setup.ts): it must be what the
// migrations give, so a new migration cannot leave the tests on an old schema (tests/schema-snapshot.test.ts checks
// the same inside D1).
describe("tests/fixtures/schema.sql", () => {
  it("is what migrations/*.sql give, applied in order", () => {
    expect(
      readFileSync(SNAPSHOT, "utf8") === snapshotText(),
      "tests/fixtures/schema.sql is stale: run npm run test:schema",
    ).toBe(true);
  });
});
