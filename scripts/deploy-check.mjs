// npm run deploy:check: `wrangler deploy --dry-run` (wrangler.toml's [build] runs the Remix build first), then the
// Worker bundle's size against the Workers plan limits (gzip: 3 MiB on the free plan, 10 MiB on the paid one). CI runs
// it before the tests; `npm run bench -- bundle` prints it. The bundle is kept in build/worker/ with a hash of what
// it was made from, so the pair tests (tests/pair/worker-bundle.ts) and the bench of the same run use the bundle a
// deploy would upload instead of bundling it again (docs/testing.md).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const MiB = 1024 * 1024;
export const PLAN_LIMITS = { free: 3 * MiB, paid: 10 * MiB };

/** Where the bundle is kept, and the hash of its inputs beside it. */
const BUNDLE_DIR = "build/worker";
const STAMP = join(BUNDLE_DIR, ".inputs.sha256");
/** What the bundle is made of besides the Remix build (whose own stamp stands for it): the Worker, its settings. */
const INPUTS = ["worker", "shared", "locales", "wrangler.toml", "package-lock.json", "scripts/deploy-check.mjs"];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => filesUnder(join(dir, name)));
}

/** One hash over the Remix build's stamp and every other input file's path and bytes; null with no Remix build. */
function inputsHash() {
  if (!existsSync("build/.inputs.sha256")) return null;
  const hash = createHash("sha256").update(readFileSync("build/.inputs.sha256"));
  for (const file of INPUTS.flatMap(filesUnder)) hash.update(`${file}\0`).update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

const isCurrent = () => {
  const hash = inputsHash();
  return hash !== null && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash;
};

/**
 * The Worker bundled as a deploy would bundle it (wrangler.toml as it is, keep_names off included), kept while its
 * inputs are unchanged; answers the folder. Made in a folder of its own and moved into place whole, so a run beside
 * (the bench beside npm test) never reads half a bundle.
 */
export function workerBundle() {
  if (isCurrent()) return BUNDLE_DIR;
  // a fresh clone has no build/ yet: the dry run's [build] makes the rest of it
  mkdirSync("build", { recursive: true });
  const out = mkdtempSync(join("build", ".worker-"));
  try {
    const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`wrangler deploy --dry-run failed\n${run.stdout}\n${run.stderr}`);
    // hashed after the dry run: its [build] may have built the Remix build it stands on
    writeFileSync(join(out, ".inputs.sha256"), inputsHash());
    rmSync(BUNDLE_DIR, { recursive: true, force: true });
    try {
      renameSync(out, BUNDLE_DIR);
    } catch (error) {
      // another run put its bundle of the same inputs in place first
      if (!isCurrent()) throw error;
    }
    return BUNDLE_DIR;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The kept bundle's raw and gzip bytes (source maps are not uploaded). */
export function dryRunDeploy() {
  const files = filesUnder(workerBundle()).filter(
    (f) => !f.endsWith(".map") && !f.endsWith("README.md") && !f.endsWith(".sha256"),
  );
  const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
  const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
  return { files: files.length, bytes, gzipBytes };
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
