import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain ES module of the lint step, without types
import { cyclesOf, importGraph, wrongWays } from "./lib/import-graph.mjs";

// The layout rule of docs/decisions/150, as `npm run lint` checks it: each forbidden import is refused
// by ESLint at the place it is written, and a cycle is found by the import graph.

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the layout rule in lint", () => {
  it("refuses app -> worker", async () => {
    expect(
      await refusals(
        "app/lib/example.ts",
        'import { readConfig } from "../../worker/config";\nexport const c = readConfig;\n',
      ),
    ).toHaveLength(1);
    expect(
      await refusals("app/lib/example.ts", 'import { toMoney } from "#shared/money";\nexport const c = toMoney;\n'),
    ).toEqual([]);
  });

  it("refuses worker -> app and shared -> either or a runtime", async () => {
    expect(
      await refusals("worker/room/example.ts", 'import type { X } from "../../app/lib/x";\nexport type Y = X;\n'),
    ).toHaveLength(1);
    expect(
      await refusals(
        "shared/example.ts",
        'import { databasesOf } from "../worker/db/databases";\nexport const d = databasesOf;\n',
      ),
    ).toHaveLength(1);
    expect(
      await refusals("shared/example.ts", 'import { sql } from "drizzle-orm";\nexport const s = sql;\n'),
    ).toHaveLength(1);
  });

  it("refuses domain -> api and db -> domain, and lets api import domains", async () => {
    expect(
      await refusals("worker/wallet/example.ts", 'import { ok } from "../api/envelope";\nexport const o = ok;\n'),
    ).toHaveLength(1);
    expect(
      await refusals(
        "worker/db/example.ts",
        'import { HOUSE_USER_ID } from "../ledger/ledger";\nexport const h = HOUSE_USER_ID;\n',
      ),
    ).toHaveLength(1);
    expect(
      await refusals(
        "worker/api/routes/example.ts",
        'import { placeOrder } from "../../room/order-form";\nexport const p = placeOrder;\n',
      ),
    ).toEqual([]);
    expect(
      await refusals("worker/db/example.ts", 'import { settings } from "./schema";\nexport const s = settings;\n'),
    ).toEqual([]);
  });

  it("passes on the repository as it is", async () => {
    const results = await eslint.lintFiles(["app", "worker", "shared"]);
    const layout = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(layout).toEqual([]);
  }, 120_000);
});

describe("import cycles", () => {
  it("finds a cycle between two files and none in the repository", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cycles-"));
    fs.mkdirSync(path.join(dir, "app"));
    fs.writeFileSync(path.join(dir, "app/a.ts"), 'import { b } from "./b";\nexport const a = b;\n');
    fs.writeFileSync(
      path.join(dir, "app/b.ts"),
      'import { a } from "~/a";\nexport const b = 1;\nexport const c = a;\n',
    );
    fs.writeFileSync(path.join(dir, "app/c.ts"), 'import { a } from "./a";\nexport const c = a;\n');
    expect(cyclesOf(importGraph(dir))).toEqual([["app/a.ts", "app/b.ts"]]);
    expect(cyclesOf(importGraph(process.cwd()))).toEqual([]);
  });

  it("finds an import that points the wrong way, a dynamic one included, and none in the repository", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ways-"));
    for (const folder of ["app/lib", "worker/room", "worker/db", "worker/api"])
      fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, "worker/room/verify.ts"), "export const v = 1;\n");
    fs.writeFileSync(path.join(dir, "worker/api/envelope.ts"), "export const ok = 1;\n");
    fs.writeFileSync(
      path.join(dir, "app/lib/late.ts"),
      'export const late = () => import("../../worker/room/verify");\n',
    );
    fs.writeFileSync(path.join(dir, "worker/db/seed.ts"), 'export const s = () => import("../room/verify");\n');
    fs.writeFileSync(path.join(dir, "worker/room/uses-api.ts"), 'export const u = () => import("../api/envelope");\n');
    expect(wrongWays(importGraph(dir)).sort()).toEqual([
      "app/lib/late.ts -> worker/room/verify.ts",
      "worker/db/seed.ts -> worker/room/verify.ts",
      "worker/room/uses-api.ts -> worker/api/envelope.ts",
    ]);
    expect(wrongWays(importGraph(process.cwd()))).toEqual([]);
  });
});
