// The seeded operators sign in as `npm start` tells a person to: password plus the current TOTP code
// of the secret it printed on each operator's line.
import { totpAt } from "../../worker/auth/totp.ts";
import { inRun, runStep, totpSteps } from "./hub.mjs";

function operatorSecret(serverLog, username) {
  const secret = new RegExp(`Demo operator: ${username} .*TOTP secret ([A-Z2-7]{16,})`).exec(serverLog())?.[1];
  if (!secret) throw new Error(`npm start did not print the TOTP secret of operator ${username}`);
  return secret;
}

/** Steps of this process's own, for tools outside the runner (scripts/audit.mjs), counted as the run's hub counts. */
const ownSteps = totpSteps();

async function stepHere(username) {
  const { step, lease } = await ownSteps.next(username);
  return { step, sent: async () => ownSteps.done(lease) };
}

/** A code of a step no sign-in used, and `sent()` to call once the sign-in that typed it has answered. */
async function freshCode(serverLog, username) {
  const { step, sent } = inRun() ? await runStep(username) : await stepHere(username);
  return { code: await totpAt(operatorSecret(serverLog, username), step * 30_000), sent };
}

/**
 * A code of a TOTP step this run has not used, and `sent()` to call once the sign-in that typed it has answered (the
 * step is then free for the next sign-in at once, not when its lease runs out): each step signs in once
 * (docs/decisions/060), and the next step is valid already (one step of drift), so two sign-ins a step go at once
 * and a third waits for it. In the runner the steps are the run's (tests/e2e/hub.mjs), whichever worker signs in.
 */
export const operatorCode = (serverLog, username = "admin") => freshCode(serverLog, username);

/** The operators the run signed in once (tests/e2e/global-setup.mjs): username → console cookie and API token. */
const signedIn = () => JSON.parse(process.env.E2E_OPERATORS ?? "{}");

/**
 * Puts a seeded operator on the console's first screen. In the runner this is the operator's session of the run
 * (signed in once by the global setup), unless the flow signs out (`ownSession`): signing out ends the session
 * for every flow that shares it. Otherwise the operator signs in at /admin/login, as a person would.
 */
export async function signInToConsole(page, serverLog, username = "admin", { ownSession = false } = {}) {
  const shared = signedIn()[username];
  if (shared && !ownSession) {
    await page.context().addCookies([shared.cookie]);
    await page.goto("/admin");
  } else {
    const { code, sent } = await freshCode(serverLog, username);
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(`${username}1234`);
    await page.getByLabel("Authenticator code").fill(code);
    try {
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Approvals" }).waitFor();
    } finally {
      await sent();
    }
    return;
  }
  await page.getByRole("heading", { name: "Approvals" }).waitFor();
}

const tokens = new Map();

/** An operator API token, for scenarios that only need the operator in the background: one sign-in a run. */
export async function operatorToken(base, serverLog, username = "admin") {
  const shared = signedIn()[username];
  if (shared) return shared.token;
  const known = tokens.get(username);
  if (known) {
    const me = await (
      await fetch(`${base}/api/admin/me`, { method: "POST", body: JSON.stringify({ token: known }) })
    ).json();
    if (me.code === 1) return known;
  }
  const { code, sent } = await freshCode(serverLog, username);
  const answer = await (
    await fetch(`${base}/api/admin/login`, {
      method: "POST",
      body: JSON.stringify({ username, password: `${username}1234`, code }),
    })
  ).json();
  await sent();
  if (answer.code !== 1) throw new Error(`operator sign-in refused: ${JSON.stringify(answer)}`);
  tokens.set(username, answer.data.token);
  return answer.data.token;
}

/**
 * A deposit approved the way four eyes want it above the threshold (docs/decisions/061): the demo's two
 * admins, the second approval crediting it.
 */
export async function approveDepositTwice(base, serverLog, id) {
  const approve = async (username) =>
    (
      await fetch(`${base}/api/admin/deposits/approve`, {
        method: "POST",
        body: JSON.stringify({ token: await operatorToken(base, serverLog, username), id }),
      })
    ).json();
  const first = await approve("admin");
  if (first.code !== 1) throw new Error(`deposit approval refused: ${JSON.stringify(first)}`);
  if (first.data.status === "approved") return first;
  const second = await approve("admin2");
  if (second.code !== 1) throw new Error(`second deposit approval refused: ${JSON.stringify(second)}`);
  return second;
}

/** The console's session cookie of a sign-in through the form, and its API token (the cookie's signed value). */
async function formSignIn(base, serverLog, username) {
  const { code, sent } = await freshCode(serverLog, username);
  const form = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username, password: `${username}1234`, code }),
  }).finally(sent);
  const cookie = form.headers.getSetCookie().find((c) => c.startsWith("__op="));
  if (form.status !== 302 || !cookie)
    throw new Error(`operator ${username}'s sign-in through the form refused (HTTP ${form.status})`);
  const value = cookie.split(";")[0].slice("__op=".length);
  // Remix signs the cookie's JSON, base64, and appends the signature after the last dot
  const signed = decodeURIComponent(value);
  const token = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString());
  return { header: `__op=${value}`, value, token };
}

/** The console's session cookie, made the way the sign-in form makes it (for tools outside the browser). */
export async function operatorCookie(base, serverLog) {
  return (await formSignIn(base, serverLog, "admin")).header;
}

/**
 * Signs each seeded operator in once for the whole run: the cookie for the browser's console, the token for the API
 * (the same session). Answers what E2E_OPERATORS carries to the workers.
 */
export async function signInOperators(base, serverLog, usernames) {
  const { hostname } = new URL(base);
  const sessions = {};
  for (const username of usernames) {
    const { value, token } = await formSignIn(base, serverLog, username);
    const me = await (await fetch(`${base}/api/admin/me`, { method: "POST", body: JSON.stringify({ token }) })).json();
    if (me.code !== 1) throw new Error(`operator ${username}'s session does not answer: ${JSON.stringify(me)}`);
    const cookie = {
      name: "__op",
      value,
      domain: hostname,
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Strict",
    };
    sessions[username] = { cookie, token };
  }
  return sessions;
}

const post = async (base, path, body) =>
  (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();

/**
 * Approves, as the demo's second admin, every change of the deposit accounts or coin payouts waiting for a second
 * admin (docs/decisions/167-money-settings-four-eyes.md): what the seeded admin asked through the API or the console.
 */
export async function approveMoneySettings(base, serverLog) {
  const second = await operatorToken(base, serverLog, "admin2");
  const waiting = await post(base, "/api/admin/settings/requests", { token: second });
  if (waiting.code !== 1) throw new Error(`settings requests refused: ${JSON.stringify(waiting)}`);
  for (const { id } of waiting.data.list) {
    const approved = await post(base, "/api/admin/settings/requests/approve", { token: second, id });
    if (approved.code !== 1) throw new Error(`settings request approval refused: ${JSON.stringify(approved)}`);
  }
}

/** Deposit accounts or coin payouts set as the console sets them: the seeded admin asks, the second admin approves. */
export async function setMoneySettings(base, serverLog, values) {
  const asked = await post(base, "/api/admin/settings/update", {
    token: await operatorToken(base, serverLog),
    ...values,
  });
  if (asked.code !== 1) throw new Error(`settings change refused: ${JSON.stringify(asked)}`);
  await approveMoneySettings(base, serverLog);
}
