// npm run test:e2e [name ...] [playwright options]: the browser flows whose file name contains one of the names
// (all of them without a name), with the runner's own options passed through (`-- --workers=1`, `--headed`).
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith("-"));
const options = args.filter((a) => a.startsWith("-"));
const run = spawnSync("npx", ["playwright", "test", ...options], {
  stdio: "inherit",
  env: { ...process.env, E2E_ONLY: names.join(",") },
});
process.exit(run.status ?? 1);
