import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Bundles a TypeScript module of the Worker for Node and imports it (seed, verify-round). */
export async function loadTs(entry) {
  const outdir = join(process.cwd(), "node_modules", ".cache", "scripts");
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, `${entry.replace(/[^\w]+/g, "_")}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    outfile,
    logLevel: "error",
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}
