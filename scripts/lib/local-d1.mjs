import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { d1DatabaseIds } from "./local-env.mjs";

/**
 * wrangler's local D1 databases in this process (`getPlatformProxy`): the files `wrangler dev` and
 * `wrangler d1 execute --local` use (PERSIST_TO, or wrangler's .wrangler/state), in wrangler.toml's top level or
 * the environment WRANGLER_ENV names, one runtime for as many statements as the caller sends. A `wrangler d1
 * execute` costs about three CPU-seconds a call (docs/decisions/181); this costs that once.
 *
 * The runtime is given wrangler.toml's D1 bindings only, written to a config of its own: the Worker's Durable
 * Objects are not this process's, and wrangler's whole config would have the runtime warn about each.
 * @param {{ environment?: string; persistTo?: string }} [where] the environment and PERSIST_TO, when not this process's
 * @returns {Promise<{ env: Record<string, D1Database>; dispose: () => Promise<void> }>}
 */
export async function localD1({
  environment = process.env.WRANGLER_ENV || undefined,
  persistTo = process.env.PERSIST_TO || ".wrangler/state",
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), "local-d1-"));
  const configPath = join(dir, "wrangler.json");
  const ids = d1DatabaseIds("wrangler.toml", environment);
  writeFileSync(
    configPath,
    JSON.stringify({
      name: "local-d1",
      compatibility_date: /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync("wrangler.toml", "utf8"))?.[1],
      d1_databases: Object.entries(ids).map(([binding, id]) => ({ binding, database_id: id, database_name: binding })),
    }),
  );
  const { getPlatformProxy } = await import("wrangler");
  try {
    const proxy = await getPlatformProxy({
      configPath,
      // `--persist-to X` keeps wrangler's state in X/v3
      persist: { path: join(persistTo, "v3") },
      remoteBindings: false,
    });
    let disposed;
    return {
      env: /** @type {Record<string, D1Database>} */ (proxy.env),
      dispose: () => (disposed ??= proxy.dispose()),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
