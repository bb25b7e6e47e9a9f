// npm run deploy:check: `wrangler deploy --dry-run` (wrangler.toml's [build] runs the Remix build first)
// into a temporary folder, then the Worker bundle's size against the Workers plan limits (gzip: 3 MiB on
// the free plan, 10 MiB on the paid one). CI runs it before the tests; `npm run bench -- bundle` prints it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const MiB = 1024 * 1024;
export const PLAN_LIMITS = { free: 3 * MiB, paid: 10 * MiB };

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Bundles the Worker as a deploy would; returns its raw and gzip bytes (source maps are not uploaded). */
export function dryRunDeploy() {
  const out = mkdtempSync(join(tmpdir(), "deploy-dry-run-"));
  try {
    const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`wrangler deploy --dry-run failed\n${run.stdout}\n${run.stderr}`);
    const files = filesUnder(out).filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"));
    const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
    const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    return { files: files.length, bytes, gzipBytes };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export const describeBundle = ({ files, bytes, gzipBytes }) =>
  `${(bytes / MiB).toFixed(2)} MiB, gzip ${(gzipBytes / MiB).toFixed(2)} MiB (${files} modules): ` +
  `${((gzipBytes / PLAN_LIMITS.free) * 100).toFixed(0)} % of the free plan's 3 MiB, ${((gzipBytes / PLAN_LIMITS.paid) * 100).toFixed(0)} % of the paid plan's 10 MiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const bundle = dryRunDeploy();
  console.log(`deploy dry run: Worker bundle ${describeBundle(bundle)}`);
  if (bundle.gzipBytes > PLAN_LIMITS.paid) {
    console.error("deploy dry run: the bundle is over the paid plan's limit: a deploy would be refused");
    process.exit(1);
  }
  if (bundle.gzipBytes > PLAN_LIMITS.free)
    console.log("deploy dry run: over the free plan's limit: deploy on the paid plan");
}
