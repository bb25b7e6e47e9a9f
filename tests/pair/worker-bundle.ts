// vitest globalSetup of the "pair" project (Node): bundles the Worker once, the way `wrangler deploy`
// would, for the Miniflare instances of tests/pair/*.test.ts. Needs the Remix build (`npm run build`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
  if (!existsSync("build/server/index.js"))
    throw new Error("tests/pair needs the Remix build: run `npm run build` first");
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const dir = mkdtempSync(join(tmpdir(), "worker-bundle-"));
  // wrangler.toml's [build] would run the Remix build again: bundle from a config without it.
  const config = join(dir, "wrangler.json");
  writeFileSync(
    config,
    JSON.stringify({
      name: "roundtable",
      main: resolve(main!),
      compatibility_date: workerOptions.compatibilityDate,
      compatibility_flags: workerOptions.compatibilityFlags,
    }),
  );
  const out = join(dir, "out");
  const bundled = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out, "--config", config], {
    encoding: "utf8",
  });
  if (bundled.status !== 0) throw new Error(`bundling the Worker failed\n${bundled.stdout}\n${bundled.stderr}`);
  project.provide("workerBundle", join(out, "index.js"));
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    workerBundle: string;
  }
}
