import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cruise, type IReporterOutput } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

// The layers of .dependency-cruiser.cjs (docs/decisions/183), as `npm run lint` checks them: each test
// writes a small tree of app/, worker/ and shared/ files in a temporary folder and runs depcruise on it with
// the repository's own rule set, so a rule that goes away (or stops matching) fails here. dependency-cruiser runs
// in this process, through the API its command line calls (one process and one load of it for the file's trees).

const root = process.cwd();

type Violation = { rule: { name: string }; from: string; to: string };

/** The violations of the repository's rule set in a tree of these files (path -> text). */
async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  try {
    fs.copyFileSync(path.join(root, ".dependency-cruiser.cjs"), path.join(dir, ".dependency-cruiser.cjs"));
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }),
    );
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ imports: { "#shared/*": "./shared/*.ts" } }));
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    // each of the three roots exists, or depcruise refuses to start
    const roots = { "app/root.ts": "", "worker/index.ts": "", "shared/x.ts": "" };
    for (const [file, text] of Object.entries({ ...roots, ...files })) {
      fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    // depcruise resolves the trees' paths from the working folder, as its command line does run from there
    process.chdir(dir);
    let result: IReporterOutput;
    try {
      const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
      const tsConfig = extractTSConfig("tsconfig.json");
      result = await cruise(["app", "worker", "shared"], options, { ...options.enhancedResolveOptions }, { tsConfig });
    } finally {
      process.chdir(root);
    }
    const report = result.output as unknown as { summary: { violations: Violation[] } };
    // a package by its name (the temporary tree reaches the repository's node_modules through a link)
    const named = (to: string) => to.replace(/^.*node_modules\/([^/]+)\/.*$/, "$1");
    return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${named(v.to)}`).sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the layers in lint (.dependency-cruiser.cjs)", () => {
  it("refuses a cycle between two worker folders, and the import against the tiers that makes it", async () => {
    expect(
      await violations({
        "worker/wallet/pay.ts": 'import { who } from "../players/who";\nexport const pay = who;\n',
        "worker/players/who.ts":
          'import type { Pay } from "../wallet/kinds";\nexport const who = 1;\nexport type W = Pay;\n',
        "worker/wallet/kinds.ts": "export type Pay = number;\n",
      }),
    ).toEqual([
      "no-folder-cycle: worker/players -> worker/wallet",
      "no-folder-cycle: worker/wallet -> worker/players",
      "worker-tiers:wallet: worker/wallet/pay.ts -> worker/players/who.ts",
    ]);
  });

  it("refuses a cycle between two nested folders of one tier's folder", async () => {
    expect(
      await violations({
        "worker/api/routes/a.ts": 'import { b } from "../upstream/b";\nexport const a = b;\n',
        "worker/api/upstream/b.ts": 'export const b = 1;\nexport const later = () => import("../routes/c");\n',
        "worker/api/routes/c.ts": "export const c = 1;\n",
      }),
    ).toEqual([
      "no-folder-cycle: worker/api/routes -> worker/api/upstream",
      "no-folder-cycle: worker/api/upstream -> worker/api/routes",
    ]);
  });

  it("refuses a cycle between two files of one folder", async () => {
    expect(
      await violations({
        "worker/room/a.ts": 'import { b } from "./b";\nexport const a = b;\n',
        "worker/room/b.ts": 'export const b = 1;\nexport const later = () => import("./a");\n',
      }),
    ).toEqual(["no-cycle: worker/room/a.ts -> worker/room/b.ts"]);
  });

  it("refuses a cycle between two app folders, a type-only import through ~/ included", async () => {
    expect(
      await violations({
        "app/lib/game.server.ts": 'import type { Review } from "~/components/game/Dialogs";\nexport type R = Review;\n',
        "app/components/game/Dialogs.tsx":
          'import { money } from "~/lib/money";\nexport type Review = { total: number };\nexport const shown = money;\n',
        "app/lib/money.ts": "export const money = 1;\n",
      }),
    ).toEqual(["no-folder-cycle: app/components/game -> app/lib", "no-folder-cycle: app/lib -> app/components/game"]);
  });

  it("refuses app -> worker and worker -> app, dynamic imports and ~/ included, and the folder cycle they make", async () => {
    expect(
      await violations({
        "app/lib/late.ts": 'export const late = () => import("../../worker/room/verify");\n',
        "worker/room/verify.ts": 'import type { X } from "~/lib/x";\nexport type V = X;\n',
        "app/lib/x.ts": "export type X = 1;\n",
      }),
    ).toEqual([
      "app-not-worker: app/lib/late.ts -> worker/room/verify.ts",
      "no-folder-cycle: app/lib -> worker/room",
      "no-folder-cycle: worker/room -> app/lib",
      "worker-not-app: worker/room/verify.ts -> app/lib/x.ts",
    ]);
  });

  it("refuses shared -> either side, a runtime package, Node and what does not resolve; its tests may use Node", async () => {
    expect(
      await violations({
        "shared/rules.ts": [
          'import { sql } from "drizzle-orm";',
          'import fs from "node:fs";',
          'import { connect } from "cloudflare:sockets";',
          'import { readConfig } from "../worker/config";',
          "export const r = [sql, fs, connect, readConfig];",
        ].join("\n"),
        "shared/rules.test.ts":
          'import fs from "node:fs";\nimport { r } from "#shared/rules";\nexport const t = [fs, r];\n',
        "worker/config.ts": "export const readConfig = 1;\n",
      }),
    ).toEqual([
      "shared-no-node: shared/rules.ts -> fs",
      "shared-no-runtime: shared/rules.ts -> drizzle-orm",
      "shared-pure: shared/rules.ts -> worker/config.ts",
      "shared-resolves: shared/rules.ts -> cloudflare:sockets",
    ]);
  });

  it("refuses db -> a domain, a domain -> api, a lower tier -> a higher or a peer; lets a folder import lower tiers", async () => {
    expect(
      await violations({
        "worker/db/seed.ts": 'export const s = () => import("../room/verify");\n',
        "worker/room/verify.ts":
          'import { ok } from "../api/envelope";\nimport { k } from "../ledger/k";\nexport const v = [ok, k];\n',
        "worker/api/envelope.ts": 'import { v } from "../room/verify";\nexport const ok = 1;\nexport const w = v;\n',
        "worker/ledger/k.ts":
          'import { log } from "../audit/log";\nimport { q } from "../db/q";\nexport const k = [log, q];\n',
        "worker/audit/log.ts": "export const log = 1;\n",
        "worker/db/q.ts": "export const q = 1;\n",
      }),
    ).toEqual([
      "no-cycle: worker/api/envelope.ts -> worker/room/verify.ts",
      "no-folder-cycle: worker/api -> worker/room",
      "no-folder-cycle: worker/db -> worker/room",
      "no-folder-cycle: worker/ledger -> worker/db",
      "no-folder-cycle: worker/room -> worker/api",
      "no-folder-cycle: worker/room -> worker/ledger",
      "worker-tiers:db: worker/db/seed.ts -> worker/room/verify.ts",
      "worker-tiers:ledger: worker/ledger/k.ts -> worker/audit/log.ts",
      "worker-tiers:room: worker/room/verify.ts -> worker/api/envelope.ts",
    ]);
  });

  it("refuses a worker folder that stands in no tier", async () => {
    expect(
      await violations({
        "worker/newthing/a.ts": 'import { q } from "../db/q";\nexport const a = q;\n',
        "worker/db/q.ts": "export const q = 1;\n",
      }),
    ).toEqual(["worker-tier-declared: worker/newthing/a.ts -> worker/db/q.ts"]);
  });
});
