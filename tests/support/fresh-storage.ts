import { evictDurableObject, listDurableObjectIds, reset, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedStatements } from "../../worker/seed/seed";
import { hashPassword } from "../../worker/auth/password";
import { walletBindings } from "../../worker/db/shards";
import { controlSetupStatements, walletSetupStatements } from "../../worker/db/database-setup";
import { allDatabases } from "../shard-helpers";
import { forgetFileState } from "./file-state";
import { setClockAt } from "./isolate-clock";
import { forgetRoomRef } from "../../worker/api/routes/game-shared";

/**
 * Empty storage and fresh databases, as every test file starts (tests/setup.ts, docs/decisions/165). reset()
 * deletes every Durable Object of the runtime: the rooms with their storage and alarms, and the D1 databases,
 * which Miniflare keeps in Durable Objects (tests/storage-reset.test.ts checks both). With `clockAt` (a moment), the
 * isolate's clock is set there first (tests/support/isolate-clock.ts), so the rows the setup and the seed date now
 * are dated then, as the tests that follow read the clock.
 */
export async function freshStorage({ clockAt }: { clockAt?: number } = {}): Promise<void> {
  // the file before's tokens, cookies and clock
  forgetFileState();
  if (clockAt) setClockAt(clockAt);
  // the Worker's one memory keyed by a row's id, which the next file's rows reuse: rooms' names and games
  forgetRoomRef();
  await emptyStorage();
  // the migrations' schema and rows (tests/fixtures/schema.sql, npm run test:schema), one batch per database; a
  // shard bound to the control database itself is that database, built once
  for (const d1 of allDatabases()) await applySchema(d1, env.TEST_SCHEMA);
  // what npm run db:migrate sets up after the migrations (worker/db/database-setup.ts): the directory's house
  // entry, each shard's id range and house account; then the seed, as `npm start` does locally (docs/decisions/161;
  // a shard bound to the control database itself is set up and seeded in both roles, which both hold there, as
  // tests/shards/accounts.test.ts checks in the "shards-mixed" project).
  const shards = walletBindings(env);
  await env.DB.batch(controlSetupStatements(Date.now()).map((s) => env.DB.prepare(s)));
  for (const [shard, d1] of shards.entries())
    await d1.batch(walletSetupStatements(shard, Date.now()).map((s) => d1.prepare(s)));
  const seed = await seedStatements(env.PEPPER, Date.now(), keptHash);
  await env.DB.batch(seed.control.map((s) => env.DB.prepare(s)));
  for (const [shard, d1] of shards.entries()) await d1.batch((await seed.wallet(shard)).map((s) => d1.prepare(s)));
}

/**
 * The seed's password hashes, made once per runtime: PBKDF2 at 100,000 rounds costs CPU a password, five passwords a
 * file, and the files of a runtime share its module cache. Kept as strings: a promise of one file's context is not
 * awaited in another's.
 */
const hashes = new Map<string, string>();
async function keptHash(password: string, pepper: string): Promise<string> {
  const key = `${pepper}\u0000${password}`;
  const kept = hashes.get(key) ?? (await hashPassword(password, pepper));
  hashes.set(key, kept);
  return kept;
}

/** Whether a database holds no schema object (D1's own _cf_ tables aside). */
const isEmpty = async (d1: D1Database) =>
  (await d1.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name NOT LIKE '_cf_%'").first<number>("n")) === 0;

/**
 * reset(), until every database is empty and no room keeps a round. A room the file before left busy (seen after
 * tests/fuzz.test.ts, whose last orders reach room 1) can outlive reset() with its storage and alarm: it is emptied
 * from inside, every table's rows and its alarm, and its memory dropped (evicted), so the next file meets a new
 * room. At most a few tries, then the setup fails and says what was left. (abortAllDurableObjects() is no help: the
 * databases, Durable Objects too, then outlive every reset.)
 */
async function emptyStorage(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await reset();
    const left = [];
    for (const d1 of allDatabases()) if (!(await isEmpty(d1))) left.push("a database");
    for (const id of await listDurableObjectIds(env.ROOMS)) {
      const room = env.ROOMS.get(id);
      if (!(await runInDurableObject(room, (_room, state) => emptyRoom(state)))) continue;
      await evictDurableObject(room);
      left.push("a room");
    }
    if (left.length === 0) return;
    if (attempt === 5) throw new Error(`reset() left ${left.join(", ")} after ${attempt} tries`);
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

/** Empties a room's storage from inside (its rows and alarm); whether it held anything. */
async function emptyRoom(state: DurableObjectState): Promise<boolean> {
  const tables = state.storage.sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .toArray()
    .map((t) => t.name)
    .filter((name) => !name.startsWith("_cf_") && !name.startsWith("sqlite_"));
  let held = (await state.storage.getAlarm()) !== null;
  for (const table of tables) {
    const rows = state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`).one().n;
    if (rows > 0) {
      held = true;
      state.storage.sql.exec(`DELETE FROM "${table}"`);
    }
  }
  await state.storage.deleteAlarm();
  return held;
}

/** Builds an empty database from the snapshot's statements (tests/fixtures/schema.sql) in one batch. */
export async function applySchema(d1: D1Database, statements: string[]): Promise<void> {
  await d1.batch(statements.map((statement) => d1.prepare(statement)));
}
