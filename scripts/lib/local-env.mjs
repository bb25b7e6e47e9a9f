import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

/** Secrets for local runs: a .dev.vars with random values is written once when missing. */
export function ensureDevVars(path = ".dev.vars") {
  if (!existsSync(path)) {
    const secret = () => randomBytes(32).toString("hex");
    writeFileSync(path, `PEPPER="${secret()}"\nSESSION_SECRET="${secret()}"\n`, { mode: 0o600 });
    console.log(`Wrote ${path} with fresh local secrets.`);
  }
  const vars = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*"?(.*?)"?\s*$/.exec(line);
    if (m) vars[m[1]] = m[2];
  }
  return vars;
}

/** Extra wrangler flags so several local copies can keep separate state (PERSIST_TO). */
export function persistArgs() {
  return process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
}

/**
 * Runs wrangler. `quiet` keeps its output (tables and JSON of every statement) unless it fails, so
 * `npm start` ends with what a newcomer needs: the URL and the demo accounts.
 */
export function wrangler(args, { quiet = false } = {}) {
  const result = spawnSync("npx", ["wrangler", ...args], {
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
    shell: false,
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The wallet shards' bindings wrangler.toml declares at its top level, in order: DB_WALLET_0, DB_WALLET_1, ...
 * (docs/decisions/161). The Worker reads them the same way, up to the first index not bound.
 */
export function walletBindingNames(path = "wrangler.toml") {
  const top = readFileSync(path, "utf8").split(/^\[env\./m)[0];
  const names = new Set([...top.matchAll(/^binding\s*=\s*"(DB_WALLET_\d+)"/gm)].map((m) => m[1]));
  const out = [];
  while (names.has(`DB_WALLET_${out.length}`)) out.push(`DB_WALLET_${out.length}`);
  return out;
}
