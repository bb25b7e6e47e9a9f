// Runs before `npm start`: local secrets, migrations and seed data, so one command gives a working app.
import { ensureDevVars, persistArgs, wrangler } from "./lib/local-env.mjs";

ensureDevVars();
wrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs()], { quiet: true });
console.log("Local database: migrations applied.");
await import("./seed-local.mjs");
