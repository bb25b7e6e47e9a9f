import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

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

/** wrangler's own entry point, run by this Node directly: npx in between costs a process and a second a call. */
const WRANGLER_BIN = join(dirname(createRequire(import.meta.url).resolve("wrangler/package.json")), "bin/wrangler.js");

/**
 * The command line of a wrangler call: [program, arguments].
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export const wranglerCommand = (args) => [process.execPath, [WRANGLER_BIN, ...args]];

/**
 * Runs wrangler. `quiet` keeps its output (tables and JSON of every statement) unless it fails, so
 * `npm start` ends with what a newcomer needs: the URL and the demo accounts.
 */
export function wrangler(args, { quiet = false } = {}) {
  const [program, programArgs] = wranglerCommand(args);
  const result = spawnSync(program, programArgs, {
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
 * wrangler, its output kept, without blocking: resolves when it ends, or fails with its output. Calls on different
 * databases run side by side; calls on one database go one after another (`byDatabase`).
 */
/** @param {string[]} args @returns {Promise<string>} */
export function wranglerQuiet(args) {
  const [program, programArgs] = wranglerCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(program, programArgs, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${output}`)),
    );
  });
}

/** The bindings grouped by the database each names (wrangler.toml's ids), in the order given. */
export function bindingsByDatabase(bindings, environment = process.env.WRANGLER_ENV) {
  const ids = d1DatabaseIds("wrangler.toml", environment);
  const groups = new Map();
  for (const binding of bindings)
    groups.set(ids[binding] ?? binding, [...(groups.get(ids[binding] ?? binding) ?? []), binding]);
  return [...groups.values()];
}

/**
 * Runs `task(binding)` for every binding: bindings of different databases side by side, bindings of one database
 * (a wallet shard bound to the control database itself) one after another, in the order given. Fails with the
 * first failure's words once every task has ended.
 */
export async function byDatabase(bindings, task, environment = process.env.WRANGLER_ENV) {
  const results = await Promise.allSettled(
    bindingsByDatabase(bindings, environment).map(async (group) => {
      for (const binding of group) await task(binding);
    }),
  );
  const failed = results.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
}

/** wrangler's flag for the environment WRANGLER_ENV names (the end-to-end flows run "loadtest"), or none. */
export function wranglerEnvArgs() {
  return process.env.WRANGLER_ENV ? ["--env", process.env.WRANGLER_ENV] : [];
}

/**
 * The wallet shards' bindings wrangler.toml declares, in order: DB_WALLET_0, DB_WALLET_1, ... (docs/decisions/161),
 * at its top level, or in the section of the environment WRANGLER_ENV names. The Worker reads them the same
 * way, up to the first index not bound.
 */
export function walletBindingNames(path = "wrangler.toml", environment = process.env.WRANGLER_ENV) {
  const sections = readFileSync(path, "utf8").split(/^(?=\[+env\.)/m);
  const top = sections[0];
  const text = environment
    ? sections.filter((section) => new RegExp(`^\\[+env\\.${environment}[.\\]]`).test(section)).join("\n")
    : top;
  const names = new Set([...text.matchAll(/^binding\s*=\s*"(DB_WALLET_\d+)"/gm)].map((m) => m[1]));
  const out = [];
  while (names.has(`DB_WALLET_${out.length}`)) out.push(`DB_WALLET_${out.length}`);
  return out;
}

/**
 * The text of wrangler.toml's top level, or of the section of an environment (all its tables).
 * @param {string} path
 * @param {string | undefined} environment
 */
function sectionOf(path, environment) {
  const sections = readFileSync(path, "utf8").split(/^(?=\[+env\.)/m);
  return environment
    ? sections.filter((section) => new RegExp(`^\\[+env\\.${environment}[.\\]]`).test(section)).join("\n")
    : sections[0];
}

/**
 * The D1 bindings wrangler.toml declares (top level or an environment's), each with its database_id, read
 * without wrangler: vitest.config.ts lays out the test databases with it (two bindings of one id are one database).
 * @param {string} [path]
 * @param {string} [environment]
 * @returns {Record<string, string>}
 */
export function d1DatabaseIds(path = "wrangler.toml", environment = undefined) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const block of sectionOf(path, environment)
    .split(/^\[\[(?:env\.\w+\.)?d1_databases\]\]/m)
    .slice(1)) {
    const binding = /^binding\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    const id = /^database_id\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    if (binding && id) out[binding] = id;
  }
  return out;
}

/**
 * The per-source throttles wrangler.toml binds (top level or an environment's), as Miniflare takes them.
 * @param {string} [path]
 * @param {string} [environment]
 * @returns {Record<string, { namespace_id: string; simple: { limit: number; period: number } }>}
 */
export function rateLimits(path = "wrangler.toml", environment = undefined) {
  /** @type {Record<string, { namespace_id: string; simple: { limit: number; period: number } }>} */
  const out = {};
  const pattern =
    /^name\s*=\s*"(\w+)"\s*\nnamespace_id\s*=\s*"(\d+)"\s*\nsimple\s*=\s*\{\s*limit\s*=\s*(\d+),\s*period\s*=\s*(\d+)\s*\}/gm;
  for (const m of sectionOf(path, environment).matchAll(pattern))
    out[m[1]] = { namespace_id: m[2], simple: { limit: Number(m[3]), period: Number(m[4]) } };
  return out;
}
