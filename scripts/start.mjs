// npm start: wrangler dev (which runs the Remix build first) on PORT, in demo mode unless told otherwise.
import { spawn } from "node:child_process";
import { ensureDevVars, persistArgs } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const port = process.env.PORT ?? "8787";
// wrangler's devtools port defaults to 9229 for every instance; two side by side (proxy mode against a
// local upstream, parallel end-to-end runs) would race for it, so each takes its own, PORT + 1000.
const inspectorPort = process.env.INSPECTOR_PORT ?? String(Number(port) + 1000);
const passed = ["API_MODE", "UPSTREAM_API_BASE", "CURRENCY_LABEL", "ROUND_SECONDS", "CLOSE_SECONDS", "FINANCE_TEST_CLOCK", "PRICES_WS_URL"];
const vars = passed.filter((name) => process.env[name]).flatMap((name) => ["--var", `${name}:${process.env[name]}`]);

const { seedOperatorTotpSecret } = await loadTs("worker/operators/sign-in.ts");
const totpSecret = await seedOperatorTotpSecret(ensureDevVars().PEPPER);

console.log(`
  Roundtable on http://localhost:${port}  (API_MODE=${process.env.API_MODE ?? "demo"})
  Demo player:   demo01 / demo1234   (withdrawal password 123456, balance 10,000.00)
  Demo operator: admin  / admin1234  TOTP secret ${totpSecret}
                 (console at http://localhost:${port}/admin/login; add the secret to an authenticator app)
`);

const child = spawn("npx", ["wrangler", "dev", "--port", port, "--inspector-port", inspectorPort, ...vars, ...persistArgs()], { stdio: "inherit" });
child.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
