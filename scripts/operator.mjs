// npm run operator -- create <username> [--role admin] [--email <company email>] [--remote]
// The first admin of a deployment (docs/decisions/060-operator-sign-in.md): made here, by whoever may run
// wrangler against the database, never through the console. The account is active at once (there is no
// second admin yet to approve it) and has no password: the command prints a single-use enrolment code,
// and the new admin sets their own password and authenticator with it at /admin/enrol. Every later
// operator is asked for by an admin in the console and approved by a second one.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { persistArgs, wrangler, wranglerCommand } from "./lib/local-env.mjs";
import { loadTs, quotedTables } from "./lib/load-ts.mjs";

const ROLES = ["viewer", "cashier", "manager", "admin"];
const [command, username, ...rest] = process.argv.slice(2);
const remote = rest.includes("--remote");
const roleAt = rest.indexOf("--role");
const role = roleAt >= 0 ? rest[roleAt + 1] : "admin";
const emailAt = rest.indexOf("--email");
// the email of their company login, needed where Cloudflare Access guards the console (README "Deploy")
const email = emailAt >= 0 ? (rest[emailAt + 1] ?? "").toLowerCase() : "";

function usage(problem) {
  console.error(
    `${problem}\nUsage: npm run operator -- create <username> [--role ${ROLES.join("|")}] [--email <address>] [--remote]`,
  );
  process.exit(2);
}
if (command !== "create") usage(`Unknown command: ${command ?? "(none)"}`);
if (!/^[A-Za-z0-9_]{3,20}$/.test(username ?? "")) usage("The username is 3 to 20 letters, digits or _.");
if (!ROLES.includes(role)) usage(`The role is one of ${ROLES.join(", ")}.`);
if (emailAt >= 0 && !/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(email)) usage("The email is not an email address.");

const { newEnrolmentCode, enrolmentCodeHash, ENROLMENT_TTL_MS } = await loadTs("shared/operators/enrolment-code.ts");
const tables = await quotedTables();
const code = newEnrolmentCode();
const nowMs = Date.now();
const name = `'${username}'`;
// The password hash "!" matches no password: nobody signs in before enrolling. A name already taken
// (operator or player) inserts nothing, and the code then belongs to no one.
// The id comes from the directory of accounts, where names are unique across every wallet shard
// (docs/decisions/161); an operator lives in the control database (shard NULL).
const sql = [
  `INSERT INTO ${tables.accountDirectory} (username, shard, created_at_ms)
    SELECT ${name}, NULL, ${nowMs} WHERE NOT EXISTS (SELECT 1 FROM ${tables.accountDirectory} WHERE lower(username) = lower(${name}));`,
  `INSERT INTO ${tables.users} (id, username, nickname, role, operator_role, operator_email, password_hash, created_at_ms)
    SELECT id, ${name}, ${name}, 'operator', '${role}', ${email ? `'${email}'` : "NULL"}, '!', ${nowMs}
    FROM ${tables.accountDirectory} WHERE lower(username) = lower(${name}) AND created_at_ms = ${nowMs}
      AND NOT EXISTS (SELECT 1 FROM ${tables.users} WHERE lower(username) = lower(${name}));`,
  `INSERT INTO ${tables.enrolmentCodes} (user_id, code_hash, created_by, created_at_ms, expires_at_ms)
    SELECT id, '${await enrolmentCodeHash(code)}', NULL, ${nowMs}, ${nowMs + ENROLMENT_TTL_MS}
    FROM ${tables.users} WHERE lower(username) = lower(${name}) AND role = 'operator' AND created_at_ms = ${nowMs};`,
  `INSERT INTO ${tables.auditLog} (actor_id, action, target, before, after, created_at_ms)
    SELECT NULL, 'operator.create', 'user:' || id, NULL, '{"username":"${username}","role":"${role}","by":"command"}', ${nowMs}
    FROM ${tables.users} WHERE lower(username) = lower(${name}) AND created_at_ms = ${nowMs};`,
];
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/operator.sql", sql.join("\n") + "\n");
wrangler(
  [
    "d1",
    "execute",
    "DB",
    remote ? "--remote" : "--local",
    "--file",
    ".wrangler/operator.sql",
    ...(remote ? [] : persistArgs()),
  ],
  {
    quiet: true,
  },
);
// Whether this run made the account is read back from the database: a taken name made nothing.
const where = remote ? "--remote" : "--local";
const check = spawnSync(
  ...wranglerCommand([
    "d1",
    "execute",
    "DB",
    where,
    "--json",
    "--command",
    `SELECT count(*) AS made FROM ${tables.enrolmentCodes} WHERE code_hash = '${await enrolmentCodeHash(code)}'`,
    ...(remote ? [] : persistArgs()),
  ]),
  { encoding: "utf8" },
);
const made = check.status === 0 && JSON.parse(check.stdout)[0]?.results?.[0]?.made === 1;
if (!made) {
  console.error(
    `Nothing was made: the name ${username} (or its email) is taken. ${check.status === 0 ? "" : check.stderr}`,
  );
  process.exit(1);
}
console.log(`Operator ${username} (${role}) made in the ${remote ? "remote" : "local"} database.
Enrolment code (shown once, valid 24 hours): ${code}
Hand it over in person: they open /admin/enrol, enter ${username} and the code, and set their own password and authenticator.`);
