// The layers of the code, checked by `npm run lint` (depcruise, docs/decisions/183-layers-in-one-rule-set.md;
// the picture in docs/architecture.md#layers). Imports point one way: app/ and worker/ meet only in shared/,
// shared/ needs no runtime, and worker/'s folders stand in the tiers below, each importing only folders of
// lower tiers (a folder imports itself freely; folders of one tier do not import each other); no folder of
// app/, worker/ or shared/ imports itself through others. Type-only and dynamic imports count: a knot in the
// types is a knot in the design.

/** worker/'s folders (and its loose files), tier 0 first. A new folder gets a tier here, or lint refuses it. */
const TIERS = [
  // 0: the database's own parts, small tools, password hashing and TOTP, the Worker's settings and headers
  ["db", "lib", "auth", "config.ts", "security.ts", "request-log.ts"],
  // 1: what every domain writes or reads: the audit log, accounts (users, sessions, lockout, directory), the
  // ledger, notices, images; the read-bookmark cookie
  ["audit", "accounts", "ledger", "notices", "media", "bookmark-cookie.ts"],
  // 2: settings (and the console's four eyes on them), the books and their reports
  ["settings", "insight"],
  // 3: articles and banners (a banner leading outside the site waits in the settings' four eyes); player
  // protection; operator accounts, their sign-in and four eyes on them
  ["content", "protection", "operators"],
  // 4: deposits, withdrawals, bank cards, adjustments and what an operator moves alone
  ["wallet"],
  // 5: the rooms and their rounds, finance products, the price feed
  ["room", "finance", "prices"],
  // 6: the player's profile, moves between shards, the console's players (bets, money, sessions)
  ["players"],
  // 7: the demo data
  ["seed"],
  // 8, 9: the outer layer, the API; then the Worker's entry (fetch, cron, the Durable Objects it exports)
  ["api"],
  ["index.ts"],
];

const folder = (name) => (name.endsWith(".ts") ? `^worker/${name.replaceAll(".", "\\.")}$` : `^worker/${name}/`);
const either = (names) => names.map(folder).join("|");

const rule = (name, i, refused) => ({
  name: `worker-tiers:${name}`,
  comment: `worker/${name} stands in tier ${i} (docs/architecture.md#layers): it imports only folders of lower tiers.`,
  severity: "error",
  from: { path: folder(name) },
  to: { path: either(refused) },
});
const tierRules = TIERS.flatMap((tier, i) => {
  const above = TIERS.slice(i + 1).flat();
  return tier.flatMap((name) => {
    const refused = [...above, ...tier.filter((other) => other !== name)];
    return refused.length ? [rule(name, i, refused)] : [];
  });
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "app-not-worker",
      comment: "app/ never imports worker/: it calls the API, and shares rules through shared/ (#shared/...).",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^worker/" },
    },
    {
      name: "worker-not-app",
      comment: "worker/ never imports app/: rules both sides use live in shared/ (#shared/...).",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "^app/" },
    },
    {
      name: "shared-pure",
      comment: "shared/ holds pure rules: nothing from app/ or worker/.",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(app|worker)/" },
    },
    {
      name: "shared-no-runtime",
      comment:
        "shared/ needs no runtime: nothing of D1, React, Remix or Hono (the browser and the Worker both run it).",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "(^|/)node_modules/(hono|drizzle-orm|react|react-dom|react-i18next|@remix-run/[^/]+)/" },
    },
    {
      name: "shared-no-node",
      comment: "shared/ needs no Node (node:...): only its own tests, which run in Node, may read files.",
      severity: "error",
      from: { path: "^shared/", pathNot: "\\.test\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "shared-resolves",
      comment: "shared/ imports only what resolves (a ~/ path or a cloudflare: module is the app's or the Worker's).",
      severity: "error",
      from: { path: "^shared/" },
      to: { couldNotResolve: true },
    },
    ...tierRules,
    {
      name: "worker-tier-declared",
      comment: "Every folder of worker/ stands in a tier of .dependency-cruiser.cjs.",
      severity: "error",
      from: { path: "^worker/", pathNot: `(${either(TIERS.flat())}|^worker/env\\.d\\.ts$|^worker/[^/]+\\.test\\.ts$)` },
      to: {},
    },
    {
      name: "no-folder-cycle",
      comment:
        "No folder under app/, worker/ or shared/ (nested ones too) imports itself through others: a cycle is a " +
        "knot no reader can start from.",
      severity: "error",
      scope: "folder",
      from: { path: "^(app|worker|shared)/" },
      to: { path: "^(app|worker|shared)/", circular: true },
    },
    {
      name: "no-cycle",
      comment: "No file imports itself through others (docs/decisions/150).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "^node_modules/" },
    exclude: { path: "^(build|scripts|tests)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
    skipAnalysisNotInRules: true,
  },
};
