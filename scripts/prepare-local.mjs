// Runs before `npm start`: local secrets, migrations and seed data, so one command gives a working app.
// `--from-snapshot`: the fresh databases of a test's server, built from the migrations' snapshot (scripts/migrate.mjs).
import { ensureDevVars } from "./lib/local-env.mjs";

ensureDevVars();
await import("./migrate.mjs");
await import("./seed-local.mjs");
