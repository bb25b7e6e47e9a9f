// Runs before `npm start`: local secrets, migrations and seed data, so one command gives a working app.
import { ensureDevVars } from "./lib/local-env.mjs";

ensureDevVars();
await import("./migrate.mjs");
await import("./seed-local.mjs");
