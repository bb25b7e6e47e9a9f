// A newcomer's first minutes: what `npm start` prints, the home page with axe-core, the
// register form (dial-code search, every error at once, the SMS lock after a refusal, the agreement),
// a signed-in player kept off /login, a toast away from the balance, and a navigation that fails offline.
import assert from "node:assert/strict";
import axe from "axe-core";
import { eventually, textOf } from "./eventually.mjs";
import { uniqueStamp } from "./players.mjs";

const AXE = axe.source;

function checkStartOutput(prepareLog, serverLog) {
  const prepared = prepareLog.trim().split("\n");
  assert.ok(prepared.length <= 4, `npm start's preparation prints a few lines, not wrangler's dumps:\n${prepareLog}`);
  assert.doesNotMatch(prepareLog, /[{}[\]│┌]/, "no JSON or tables from D1");
  // the ready banner within the first screenful: the build's listing is held back (printed only on failure)
  const lines = serverLog.split("\n");
  const ready = lines.findIndex((l) => /Roundtable is ready: http:\/\/localhost:\d+/.test(l));
  const player = lines.findIndex((l) => /Demo player:\s+demo01 \/ demo1234/.test(l));
  assert.ok(
    ready >= 0 && ready < 20,
    `the ready line comes within the first screenful (line ${ready + 1}):\n${lines.slice(0, 30).join("\n")}`,
  );
  assert.equal(player, ready + 1, "the demo player right after it");
  assert.match(lines.slice(player, player + 4).join("\n"), /Demo operator:\s+admin\s+\/ admin1234/);
  assert.match(
    lines.slice(player, player + 8).join("\n"),
    /the build's \d+ lines of output are hidden; VERBOSE=1 npm start shows them/,
  );
}

async function homeHasNoSeriousAxeViolation(page) {
  await page.goto("/");
  await page.locator("h1").first().waitFor();
  // evaluated through the DevTools protocol: the page's CSP (nonce-only scripts) stays as it is
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  assert.deepEqual(violations, [], "axe-core finds no serious or critical violation on home");
}

async function registerForm(page, shot, smsCode) {
  await page.goto("/register");
  const dial = page.locator('select[name="quhao"]');
  // the search box appears once the page is hydrated
  const search = page.getByRole("searchbox");
  for (const [typed, code] of [
    ["viet", "+84"],
    ["886", "+886"],
    ["malay", "+60"],
  ]) {
    await search.fill(typed);
    await eventually(async () =>
      assert.equal(await dial.inputValue({ timeout: 1_000 }), code, `typing "${typed}" selects ${code}`),
    );
  }
  assert.match(await page.getByRole("link", { name: "user agreement" }).getAttribute("href"), /^\/help\/\d+$/);

  // an empty submit: every field says what is wrong at once
  await page.getByRole("button", { name: "Register" }).click();
  for (const message of [
    "Username must contain both letters and digits",
    "This is not a phone number: type it as 0912 345 678, or with its country code as +84 912 345 678",
    "Please enter the verification code",
    "Password must be 6-16 characters",
    "Please enter the invitation code",
    "Please tick the agreement",
    "Please confirm that you are 18 or older",
  ]) {
    await page.getByText(message).waitFor();
  }
  await shot("register-errors");

  // the SMS lock survives a refused submit
  // a Malaysian mobile number (the dial code chosen above): +60 169 xxx xxx
  const phone = `169${uniqueStamp().slice(1)}`;
  await page.getByLabel("Phone number").fill(phone);
  const send = page.locator('button[value="sms"]');
  const locked = () =>
    eventually(async () => {
      assert.ok(await send.isDisabled({ timeout: 1_000 }), "the send button is locked");
      assert.match(await textOf(send), /Resend in \d+ s/);
    });
  await send.click();
  await locked();
  await smsCode(phone);
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByText("Please tick the agreement").waitFor();
  await locked();
}

export default async function ({ page, context, shot, smsCode, serverLog, prepareLog }) {
  checkStartOutput(prepareLog, serverLog());
  await homeHasNoSeriousAxeViolation(page);
  await registerForm(page, shot, smsCode);

  // a signed-in player: /login leads on to /user; the welcome toast leaves the balance visible
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  const toast = page.locator(".toast");
  await toast.waitFor();
  const [toastBox, balanceBox] = [await toast.boundingBox(), await page.locator(".balance").first().boundingBox()];
  assert.ok(
    toastBox.y >= balanceBox.y + balanceBox.height || toastBox.y + toastBox.height <= balanceBox.y,
    "the toast does not cover the balance",
  );
  await shot("user-toast");
  await page.goto("/login");
  await page.waitForURL("**/user");

  // offline: a navigation that fails offers to try the same page again, and trying again online loads it.
  // The screen's code is loaded once online (a lost script makes Remix reload the page, which the
  // service worker answers with its offline page); what fails offline is then the page's data.
  await page.goto("/");
  await page.waitForFunction(() => !!window.__remixRouter);
  await page.getByRole("link", { name: "Recharge" }).first().click();
  await page.waitForURL("**/recharge");
  await page.getByRole("link", { name: "Home" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.locator("h1").first().waitFor();
  await context.setOffline(true);
  await page.getByRole("link", { name: "Recharge" }).first().click();
  const retry = page.getByRole("link", { name: "Try again" });
  await retry.waitFor();
  await page.getByRole("heading", { name: "You are offline" }).waitFor();
  assert.equal(await retry.getAttribute("href"), "/recharge");
  await shot("offline-retry");
  await context.setOffline(false);
  await retry.click();
  await page.waitForURL("**/recharge");
  await page.getByRole("heading", { name: "Deposit", exact: true }).waitFor();

  // the screen's code, named by its content, is kept a year and never asked for again (public/_headers); the page
  // itself, which carries the balance, is asked for every time
  const asset = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .find((path) => /^\/assets\/.+\.js$/.test(path)),
  );
  assert.ok(asset, "the page loaded a script from /assets/");
  const [code, screen] = await Promise.all([page.request.get(asset), page.request.get("/recharge")]);
  assert.equal(code.headers()["cache-control"], "public, max-age=31536000, immutable", asset);
  assert.doesNotMatch(screen.headers()["cache-control"] ?? "", /max-age=[1-9]|immutable/, "the page is not kept");

  // with the service worker in control, a move to another screen: its data and code went straight to the network
  // (public/sw.js's static routes), the worker never woke for them. The worker takes control once it has installed
  // and activated after the context's first page load, which a quick run can outpace: the move waits for it. An install
  // the offline step above cut short (a slow run's) is made again as the connection returns (app/components/content/pwa.ts).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole("link", { name: "Home" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.locator("h1").first().waitFor();
  const routed = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => ({ path: new URL(entry.name).pathname, source: entry.workerMatchedSourceType }))
      .filter((entry) => entry.path.endsWith(".data") || entry.path.startsWith("/api/")),
  );
  assert.ok(routed.length > 0, "the move fetched the screen's data");
  assert.deepEqual(
    routed.filter((entry) => entry.source !== "network"),
    [],
    "every data request went by the worker's static route to the network",
  );
}
