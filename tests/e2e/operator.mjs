// The seeded operators sign in as `npm start` tells a person to: password plus the current TOTP code
// of the secret it printed on each operator's line.
import { totpAt } from "../../worker/auth/totp.ts";

function operatorSecret(serverLog, username) {
  const secret = new RegExp(`Demo operator: ${username} .*TOTP secret ([A-Z2-7]{16,})`).exec(serverLog())?.[1];
  if (!secret) throw new Error(`npm start did not print the TOTP secret of operator ${username}`);
  return secret;
}

const lastSteps = new Map();

/**
 * A code of a TOTP step this run has not used: each step signs in once (docs/decisions/060), and the next
 * step is valid already (one step of drift), so two sign-ins a step go at once and a third waits for it.
 */
export async function operatorCode(serverLog, username = "admin") {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (lastSteps.get(username) ?? 0) + 1);
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * 30_000 - Date.now() + 100));
  lastSteps.set(username, step);
  return totpAt(operatorSecret(serverLog, username), step * 30_000);
}

/** Signs a seeded operator in at /admin/login, as a person would; answers on the console's first screen. */
export async function signInToConsole(page, serverLog, username = "admin", password = `${username}1234`) {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Authenticator code").fill(await operatorCode(serverLog, username));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Approvals" }).waitFor();
}

const tokens = new Map();

/** An operator API token, for scenarios that only need the operator in the background: one sign-in a run. */
export async function operatorToken(base, serverLog, username = "admin") {
  const known = tokens.get(username);
  if (known) {
    const me = await (
      await fetch(`${base}/api/admin/me`, { method: "POST", body: JSON.stringify({ token: known }) })
    ).json();
    if (me.code === 1) return known;
  }
  const answer = await (
    await fetch(`${base}/api/admin/login`, {
      method: "POST",
      body: JSON.stringify({ username, password: `${username}1234`, code: await operatorCode(serverLog, username) }),
    })
  ).json();
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

/** The console's session cookie, made the way the sign-in form makes it (for tools outside the browser). */
export async function operatorCookie(base, serverLog) {
  const form = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username: "admin", password: "admin1234", code: await operatorCode(serverLog) }),
  });
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (form.status !== 302 || !cookie)
    throw new Error(`operator sign-in through the form refused (HTTP ${form.status})`);
  return cookie;
}
