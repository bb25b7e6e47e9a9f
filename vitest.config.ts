import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { d1DatabaseIds, rateLimits } from "./scripts/lib/local-env.mjs";
import { snapshotStatements } from "./scripts/test-schema.mjs";
import { TWILIO_TEST_ACCOUNT_SID, TWILIO_TEST_AUTH_TOKEN, TWILIO_TEST_FROM } from "./tests/support/twilio-server.mjs";

// Projects: "unit" runs pure logic in Node next to its code; "worker" runs the integration tests
// inside workerd with a real D1 and real RoomDO instances; "pair" runs whole Workers side by side in
// Miniflare (a demo-mode upstream and a proxy-mode front, tests/pair/); "bench" (only with BENCH=1, as
// `npm run bench` sets it) runs tests/bench/*.bench.test.ts like "worker", for figures, not verdicts.

type Migrations = Awaited<ReturnType<typeof readD1Migrations>>;

/** The migrations' schema and rows as statements (npm run test:schema writes it; scripts/test-schema.test.ts checks it). */
const schemaSnapshot = snapshotStatements;

/**
 * The databases a project binds (docs/decisions/161): DB, the control database, and DB_WALLET_0.. the wallet
 * shards, each a database name. `shards` > 0 makes them that many databases of their own, except shard 0 when
 * `shard0InControl` (the "mixed" layout: a deployment that grew from one database keeps shard 0 in the control
 * database and adds the others apart); otherwise they are wrangler.toml's (the "loadtest" environment has four
 * shards of their own, the top level binds DB_WALLET_0 to the control database, as npm start does).
 */
function databaseLayout(environment: string, shards: number, shard0InControl: boolean): Record<string, string> {
  if (shards)
    return {
      DB: "control",
      ...Object.fromEntries(
        Array.from({ length: shards }, (_, i) => [
          `DB_WALLET_${i}`,
          i === 0 && shard0InControl ? "control" : `wallet-${i}`,
        ]),
      ),
    };
  return d1DatabaseIds("./wrangler.toml", environment || undefined);
}

/**
 * A project of tests inside workerd: real D1 (migrated by tests/setup.ts), rooms, the local price feed and Twilio.
 * Tests sign in and register many players a minute from one address, so they run wrangler.toml's
 * "loadtest" environment (raised throttles); the "throttles" project runs the production limits.
 */
function workerdProject(
  name: string,
  include: string[],
  exclude: string[],
  migrations: Migrations,
  {
    beacon = false,
    environment = "loadtest",
    shards = 0,
    shard0InControl = false,
  }: { beacon?: boolean; environment?: string; shards?: number; shard0InControl?: boolean } = {},
) {
  // TEST_ONE_DATABASE=1 runs a loadtest project on the top level's databases (DB_WALLET_0 is the control
  // database) with the loadtest environment's throttles: to check a test file in both configurations.
  const oneDatabase = process.env.TEST_ONE_DATABASE === "1" && !!environment && !shards;
  const wranglerEnvironment = oneDatabase ? "" : environment;
  // read when the project's runtime starts, not when the config loads (tools that load it, like knip, run no wrangler)
  let layout: Record<string, string> | undefined;
  const databases = () => (layout ??= databaseLayout(wranglerEnvironment, shards, shard0InControl));
  return {
    plugins: [
      // The local price feed of tests/support/price-feed-setup.mjs is the Worker's PRICES_WS_URL; in the
      // "beacon" project the local beacon of tests/support/beacon-setup.mjs is its BEACON_URL.
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml", environment: wranglerEnvironment || undefined },
        miniflare: {
          // the project's layout, and two scratch databases for tests/schema-snapshot.test.ts
          d1Databases: {
            ...databases(),
            TEST_SCRATCH_MIGRATED: "scratch-migrated",
            TEST_SCRATCH_SNAPSHOT: "scratch-snapshot",
          },
          ...(oneDatabase
            ? {
                // wrangler.toml's periods are 10 or 60 seconds, the only ones Cloudflare takes
                ratelimits: rateLimits("./wrangler.toml", environment) as Record<
                  string,
                  { namespace_id: string; simple: { limit: number; period: 10 | 60 } }
                >,
              }
            : {}),
          bindings: {
            // The wallet shards that are the control database itself, by index (tests/shard-helpers.ts counts
            // each database once).
            TEST_SHARDS_IN_CONTROL: Object.entries(databases())
              .filter(([binding, id]) => binding.startsWith("DB_WALLET_") && id === databases().DB)
              .map(([binding]) => binding.slice("DB_WALLET_".length))
              .join(","),
            TEST_MIGRATIONS: migrations,
            TEST_SCHEMA: schemaSnapshot(),
            PEPPER: "test-pepper",
            SESSION_SECRET: "test-secret",
            PRICES_WS_URL: inject("pricesFeedUrl"),
            // Codes go through the Twilio API of tests/support/twilio-setup.mjs, as in production.
            SMS_PROVIDER: "twilio",
            TWILIO_API_BASE: inject("twilioUrl"),
            TWILIO_ACCOUNT_SID: TWILIO_TEST_ACCOUNT_SID,
            TWILIO_AUTH_TOKEN: TWILIO_TEST_AUTH_TOKEN,
            TWILIO_FROM: TWILIO_TEST_FROM,
            // npm run bench -- smoke: the settlement bench at a tiny size (tests/bench/settlement.bench.test.ts)
            ...(name.startsWith("bench") ? { BENCH_SMOKE: process.env.BENCH_SMOKE ?? "" } : {}),
            // Tests change content and read it back at once; tests/public-cache.test.ts turns the cache on.
            PUBLIC_CACHE_SECONDS: "0",
            ...(beacon
              ? {
                  BEACON_URL: inject("beaconUrl"),
                  BEACON_TEST_PUBLIC_KEY: inject("beaconPublicKey"),
                  BEACON_MAX_WAIT_SECONDS: "10",
                }
              : {}),
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      // A guard against a hang, not a speed target (speed lives in npm run bench): whole rounds of
      // every game type take seconds on a busy two-core machine.
      testTimeout: 120_000,
      // The project's files share one runtime per vitest worker and its module cache, one file after another;
      // tests/setup.ts gives each empty storage and fresh databases (docs/decisions/165).
      isolate: false,
      setupFiles: ["./tests/setup.ts"],
      globalSetup: [
        "./tests/support/price-feed-setup.mjs",
        "./tests/support/twilio-setup.mjs",
        "./tests/support/access-setup.mjs",
        ...(beacon ? ["./tests/support/beacon-setup.mjs"] : []),
        // the throttles test reads wrangler.toml's binding limits, as a deployment has them
        ...(environment ? [] : ["./tests/support/rate-limits-setup.mjs"]),
      ],
      deps: {
        optimizer: {
          ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
        },
      },
    },
  };
}

/**
 * The tests of a move's books per day, each run at both ends of the player's day in the mixed layout (shard 0 the
 * control database, shards 1 to 3 apart): tests/shards/move-books-helpers.ts `describeAtBothEnds`.
 */
const MOVE_BOOKS = "tests/shards/move-books*.test.ts";

/**
 * The files of tests/shards about shard 0 being the control database itself, run in the "shards-mixed" project
 * only: a player moved out of shard 0 and back, rows counted per binding (`seenByBindings()`, `shardIsControl()`),
 * and the console's lists and reports that read the control database and every shard, each row once.
 */
const MIXED_LAYOUT = [
  "tests/shards/accounts.test.ts",
  "tests/shards/console-decisions.test.ts",
  "tests/shards/console-reads.test.ts",
  "tests/shards/console-reads-books.test.ts",
  "tests/shards/console-reads-reports.test.ts",
  "tests/shards/finance.test.ts",
  "tests/shards/move-refusals.test.ts",
  "tests/shards/move-shard-zero.test.ts",
  "tests/shards/player-calls.test.ts",
];

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      // Files run in two workers or more, each its own runtime and storage: on a two-core machine a worker waits on
      // workerd, SQLite or a child process about half the time (docs/decisions/165).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          // the app's components import each other as the app's build does ("~/lib/...")
          resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
          test: {
            name: "unit",
            include: [
              "worker/**/*.test.ts",
              "app/**/*.test.{ts,tsx}",
              "scripts/**/*.test.ts",
              "locales/**/*.test.ts",
              "shared/**/*.test.ts",
            ],
            environment: "node",
            // A hang guard, as in the worker project: the draw uniformity checks take seconds of CPU on a busy machine.
            testTimeout: 120_000,
          },
        },
        workerdProject(
          "worker",
          ["tests/**/*.test.ts"],
          [
            "tests/e2e/**",
            "tests/bench/**",
            "tests/pair/**",
            "tests/beacon/**",
            MOVE_BOOKS,
            ...MIXED_LAYOUT,
            "tests/throttles.test.ts",
          ],
          migrations,
        ),
        // The per-source throttles with the limits a deployment has (wrangler.toml's top-level bindings).
        workerdProject("throttles", ["tests/throttles.test.ts"], [], migrations, { environment: "" }),
        // The files about the "mixed" layout a deployment grows into: shard 0 is the control database itself,
        // shards 1 to 3 databases of their own (docs/decisions/161), and a move's books per day (docs/decisions/162),
        // each test of those once at 02:05 (UTC+8) moving out of the control database and once at 23:57 between
        // databases of their own (docs/decisions/199). The other files of tests/shards run in the "worker" project,
        // whose loadtest environment has four shards that are four databases. One project, one runtime to start.
        workerdProject("shards-mixed", [...MIXED_LAYOUT, MOVE_BOOKS], [], migrations, {
          shards: 4,
          shard0InControl: true,
        }),
        // Rounds drawn with a public beacon (docs/decisions/130): the same runtime, BEACON_URL set.
        workerdProject("beacon", ["tests/beacon/**/*.test.ts"], [], migrations, { beacon: true }),
        // The settlement benchmark (npm run bench) runs in the same runtime, only when asked.
        ...(process.env.BENCH === "1"
          ? [
              workerdProject(
                "bench",
                ["tests/bench/*.bench.test.ts"],
                ["tests/bench/shards.bench.test.ts"],
                migrations,
              ),
              // npm run bench -- shards: the order burst at one and at four wallet shards that are four databases
              workerdProject("bench-shards", ["tests/bench/shards.bench.test.ts"], [], migrations, { shards: 4 }),
            ]
          : []),
        {
          test: {
            name: "pair",
            include: ["tests/pair/**/*.test.ts"],
            environment: "node",
            globalSetup: ["./tests/pair/worker-bundle.ts"],
            // Each file starts its own Workers (two workerd processes): two files at once, as the other projects
            // run, took the project from 57 to 46 s on the two-core machine (2026-12-07, docs/decisions/187).
            fileParallelism: true,
            testTimeout: 120_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
