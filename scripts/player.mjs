// npm run player -- move <username> <shard> [--remote]
// npm run player -- phones [--dry-run] [--remote]
// Moves a player to another wallet shard (docs/decisions/161 "Moving a player", docs/deploying.md#moving-a-player):
// the steps are worker/players/move.ts, the same code the tests run against D1; here each step's SQL goes to the
// local databases through wrangler's local bindings, or to the deployment's through `wrangler d1 execute --remote`. A run that stops part way
// leaves one authoritative copy, named by the directory: running the same command again finishes the move.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { walletBindingNames, wranglerCommand, wranglerEnvArgs } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";
import { localD1 } from "./lib/local-d1.mjs";
import { PLAYER_USAGE, parsePlayerArgs } from "./lib/player-args.mjs";

const bindings = walletBindingNames();
const asked = parsePlayerArgs(process.argv.slice(2), bindings.length);
if (asked.problem) {
  console.error(`${asked.problem}\n${PLAYER_USAGE}`);
  process.exit(2);
}
/**
 * The databases as worker/players/move.ts drives them. Local: wrangler's local bindings in this process
 * (scripts/lib/local-d1.mjs, one runtime for the whole run).
 * Remote: each statement list through `wrangler d1 execute --remote`.
 */
async function connect() {
  const { d1MoveDb } = await loadTs("worker/players/move-tables.ts");
  if (!asked.remote) {
    const local = await localD1();
    return {
      link: {
        control: d1MoveDb(local.env.DB),
        shard: (k) => d1MoveDb(local.env[bindings[k]]),
        shardCount: bindings.length,
      },
      close: local.dispose,
    };
  }
  return { link: remoteLink(), close: async () => {} };
}

/** One wrangler d1 execute on the deployment; its JSON answer, or a thrown error with wrangler's own words. */
function execute(binding, input) {
  const [program, args] = wranglerCommand([
    "d1",
    "execute",
    binding,
    "--remote",
    ...wranglerEnvArgs(),
    "--json",
    ...input,
  ]);
  const run = spawnSync(program, args, {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute ${binding} failed:\n${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout);
}

let files = 0;
/** A deployment's database as worker/players/move.ts drives it: a query's rows, or one batch sent as one file. */
function remoteDatabase(binding) {
  return {
    async all(sql) {
      const answer = execute(binding, ["--command", sql]);
      return answer.at(-1)?.results ?? [];
    },
    async each(sqls) {
      return execute(binding, ["--command", sqls.join(";\n")]).map((answer) => answer.results ?? []);
    },
    async batch(sqls) {
      if (!sqls.length) return;
      mkdirSync(".wrangler", { recursive: true });
      const file = `.wrangler/player-move-${process.pid}-${++files}.sql`;
      // the file holds the player's rows (password hashes among them): it lives only while wrangler reads it
      writeFileSync(file, sqls.map((s) => `${s};`).join("\n") + "\n", { mode: 0o600 });
      try {
        execute(binding, ["--file", file]);
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
}

const remoteLink = () => ({
  control: remoteDatabase("DB"),
  shard: (k) => remoteDatabase(bindings[k]),
  shardCount: bindings.length,
});

const { link, close } = await connect();
if (asked.command === "phones") {
  // every stored phone in E.164 (docs/decisions/168, docs/deploying.md#phone-numbers-in-e164): collisions are
  // reported for an operator, never merged or deleted; the exit code is 0 even then, the report says what is left
  const { normalisePhones, phoneReport } = await loadTs("worker/players/normalise-phones.ts");
  const plan = await normalisePhones(link, { dryRun: asked.dryRun });
  await close();
  console.log(
    `${phoneReport(plan, { dryRun: asked.dryRun })}\n(${asked.remote ? "the deployment" : "the local databases"})`,
  );
  process.exit(0);
}
const { movePlayer, MoveRefused } = await loadTs("worker/players/move.ts");
try {
  const result = await movePlayer(link, asked.username, asked.shard, Date.now()).finally(close);
  const place = asked.remote ? "the deployment" : "the local databases";
  if (result.status === "already") console.log(`${asked.username} is in shard ${result.to} already (${place}).`);
  else {
    const rows = Object.entries(result.rows)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ");
    console.log(
      `${asked.username} (id ${result.userId}) moved from shard ${result.from} to shard ${result.to} in ${place}.` +
        (rows ? `\nRows copied: ${rows}.` : "") +
        "\nTheir sessions ended: they sign in again.",
    );
  }
} catch (error) {
  await close();
  if (error instanceof MoveRefused) {
    console.error(`Not moved: ${error.message}`);
    process.exit(1);
  }
  console.error(
    `The move stopped: ${error.message}\nThe directory names the player's one authoritative copy; run the same command again to finish.`,
  );
  process.exit(1);
}
