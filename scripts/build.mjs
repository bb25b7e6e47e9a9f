// npm run build, and wrangler.toml's [build] (wrangler dev, wrangler deploy): the Remix build, once per set of
// inputs. The build's inputs are hashed; when build/ holds a build of the same inputs, it is kept, so the
// deploy check, `npm test`, the end-to-end server and the bench of one CI run share one build
// (docs/testing.md). `--force` builds whatever the hash says.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What the Remix build reads: the app and what it imports, its settings and the locked packages. */
const INPUTS = [
  "app",
  "shared",
  "locales",
  "public",
  "vite.config.ts",
  "tsconfig.json",
  "tsconfig.base.json",
  "package.json",
  "package-lock.json",
  "scripts/build.mjs",
];
const STAMP = "build/.inputs.sha256";
const OUTPUTS = ["build/server/index.js", "build/client"];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** One hash over every input file's path and bytes. */
export function inputsHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const force = process.argv.includes("--force");
const hash = inputsHash();
const current =
  !force && OUTPUTS.every((path) => existsSync(path)) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash;
if (current) {
  console.log("build: build/ is current (its inputs have not changed since it was built): kept");
} else {
  // A build that stops half way leaves no stamp, so the next run builds again.
  rmSync(STAMP, { force: true });
  const started = Date.now();
  const run = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(STAMP, hash);
  console.log(`build: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
