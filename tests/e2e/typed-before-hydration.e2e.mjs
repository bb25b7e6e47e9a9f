// Nothing typed is lost. On a slow phone a player or an operator sets a form before the page's scripts
// have run: every page of tests/e2e/form-visits.mjs (every form of the app, player and console) is opened
// with its scripts held back, every control is set (text typed, another option, another radio, a checkbox
// toggled, another date, a file), the scripts are let through, and once
// React has hydrated the page every control must still hold what was set. Where the server can refuse a
// form, the hydrated form is then submitted with a value it refuses: after the localized error every
// control still holds what was set; and without JavaScript the refused POST's page comes back with it.
import assert from "node:assert/strict";
import { readControls, setEveryControl, lostControls } from "./form-controls.mjs";
import { formFilesNotVisited, visitedFilesWithoutInput, VISITS } from "./form-visits.mjs";
import { holdScripts, reactHydrated } from "./hydrated.mjs";
import { signInToConsole } from "./operator.mjs";
import { fundedPlayer } from "./players.mjs";
import { bettingOpenFor, roomWithShortRounds } from "./short-rounds.mjs";
import { paidInto } from "./site-payees.mjs";

async function call(base, path, body) {
  const answer = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
  return answer.json();
}

/** The frame after the next one: whatever React scheduled before it has rendered. */
const nextFrames = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Hydrated: React has attached its fibers to the page's elements, its first effects have run, and any clock on
 * the page has ticked once (a countdown re-renders every second; a re-render must not put a value back either).
 */
async function hydrated(page) {
  await reactHydrated(page);
  // the page's clock is the flow's (installed before the page opened): one second run, not waited
  await page.clock.runFor(1_000);
  await nextFrames(page);
}

/** Opens a page with its scripts held, sets every control, lets the scripts run; answers what was set and lost. */
async function setBeforeHydration(page, path) {
  const scripts = await holdScripts(page);
  try {
    await page.clock.install();
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const { after, unchanged } = await setEveryControl(page);
    scripts.release();
    await hydrated(page);
    const lost = await lostControls(page, after, path);
    return { expected: after, unchanged, lost };
  } finally {
    await scripts.stop();
  }
}

/** The texts of the page's alerts, before a submit: the refusal's error must be a new one. */
const ERRORS = "main [role=alert], main .field-error, main .form-error";
const alertsOf = (page) => page.locator(ERRORS).allInnerTexts();

/** The localized error the refusal answers, shown on the page (an alert, announced), not shown before. */
async function refusal(page, refuse, before = []) {
  const alert = page
    .locator(ERRORS)
    .filter({ hasText: refuse.error ?? /\S/ })
    .filter({ hasNotText: before.length ? new RegExp(`^(${before.map(escape).join("|")})$`) : /^$/ });
  await alert.first().waitFor({ timeout: 30_000 });
  const text = await alert.first().innerText();
  assert.doesNotMatch(text, /^[\w-]+\.[\w.-]+$|\{\{/, `a sentence, not a key: ${text}`);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Submits the (hydrated) page's form with a value the server refuses; answers the controls lost. */
async function refuseWithScript(page, path, refuse) {
  for (const [name, value] of Object.entries(refuse.set))
    await page.locator(`[name="${name}"]:not([type=hidden])`).first().fill(value);
  const now = await readControls(page);
  const before = await alertsOf(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: refuse.submit }) });
  await form.first().getByRole("button", { name: refuse.submit }).click();
  await refusal(page, refuse, before);
  // the refusal's render and the effects it scheduled
  await nextFrames(page);
  return lostControls(page, now, `${path} (refused, with JavaScript)`);
}

/** Without JavaScript: the form set, its refused POST answered by a whole page that must hold the values. */
async function refuseWithoutScript(page, path, refuse, { base, token, ids }) {
  if (refuse.bettingIn) await bettingOpenFor({ base, token, room: ids[refuse.bettingIn], seconds: 15 });
  await page.goto(path);
  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: refuse.submit }) })
    .first();
  const index = await form.evaluate((f) => [...document.forms].indexOf(f));
  const scope = `form >> nth=${index}`;
  const { after } = await setEveryControl(page, refuse.set, scope);
  await Promise.all([page.waitForEvent("load"), form.getByRole("button", { name: refuse.submit }).click()]);
  await refusal(page, refuse);
  return lostControls(page, after, `${path} (refused, without JavaScript)`, { scope, cleared: refuse.cleared ?? [] });
}

/**
 * Data that puts every control on its page: the site's two deposit accounts (tests/e2e/site-payees.mjs), two payout
 * accounts, a deposit and a withdrawal waiting, of a player of the flow's own.
 */
async function prepare(base, serverLog, smsCode) {
  const player = await fundedPlayer({ base, smsCode, serverLog, prefix: "tb", payPwd: "123456" });
  const { token } = player;
  // a BTC address to withdraw to: the USDT form, with its choice of network, stays open to add; no bank card, so
  // the bank card form stays open to add too (a player holds one bank card)
  const coin = { type: "BTC", network: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa" };
  for (const card of [coin]) {
    const added = await call(base, "/api/game/addbankcard", { token, ...card, payPwd: "123456" });
    assert.equal(added.code, 1, `account ${card.type}: ${JSON.stringify(added)}`);
  }
  const deposit = { token, money: "321", pay_name: "Typed Early", ...paidInto() };
  const asked = await call(base, "/api/game/recharge", deposit);
  assert.equal(asked.code, 1, `a deposit waits: ${JSON.stringify(asked)}`);
  const cards = (await call(base, "/api/game/getbankcardlist", { token })).data;
  const bankId = (cards.list ?? cards)[0].id;
  const withdrawal = await call(base, "/api/game/withdraw", { token, bank_id: bankId, money: "100", pwd: "123456" });
  assert.equal(withdrawal.code, 1, `a withdrawal waits: ${JSON.stringify(withdrawal)}`);
  // a room of the flow's own, open for bets 290 s of every 300 (tests/e2e/short-rounds.mjs): its form is met in a
  // round with time to bet, not after a seeded room's round is waited out
  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: `Typed early ${player.username}`,
    roundSeconds: 300,
    closeSeconds: 10,
  });
  return { player, room, ids: { player: player.id, room: room.id } };
}

export default async function ({ context, page, base, serverLog, shot, smsCode }) {
  assert.deepEqual(formFilesNotVisited(), [], "files with a form control that no visit of form-visits.mjs shows");
  assert.deepEqual(visitedFilesWithoutInput(), [], "files form-visits.mjs names that take no input");
  const { player, room, ids } = await prepare(base, serverLog, smsCode);

  const lost = [];
  const counts = [];
  const unchanged = [];
  const visitAll = async (visitor, visits) => {
    for (const visit of visits) {
      const path = typeof visit.path === "function" ? visit.path(ids) : visit.path;
      // a page that fails is a finding among the others: its picture is kept and the flow goes on
      const failed = async (error) => {
        await visitor.screenshot({
          path: `tests/e2e/screenshots/typed-before-hydration-${path.replace(/\W+/g, "_")}.png`,
        });
        lost.push(`${path}: ${String(error).split("\n").slice(0, 3).join(" ")}`);
        return { lost: [], unchanged: [], expected: [] };
      };
      const set = await setBeforeHydration(visitor, path).catch(failed);
      lost.push(...set.lost);
      unchanged.push(...set.unchanged.map((c) => `${path} ${c.key}`));
      counts.push(`${path}: ${set.expected.length}`);
      if (!set.expected.length) continue;
      const found = (await readControls(visitor)).filter((c) => set.expected.some((e) => e.key === c.key));
      assert.equal(found.length, set.expected.length, `${path}: every control set is found again`);
      if (visit.refuse)
        lost.push(...(await refuseWithScript(visitor, path, visit.refuse).catch(async (e) => (await failed(e)).lost)));
    }
  };
  const noScript = async (browserContext, visits) => {
    const visitor = await browserContext.browser().newContext({
      viewport: page.viewportSize(),
      baseURL: base,
      locale: "en-US",
      javaScriptEnabled: false,
      storageState: await browserContext.storageState(),
    });
    const visitorPage = await visitor.newPage();
    for (const visit of visits.filter((v) => v.refuse?.noScript)) {
      const path = typeof visit.path === "function" ? visit.path(ids) : visit.path;
      const failed = async (error) => {
        await visitorPage.screenshot({
          path: `tests/e2e/screenshots/typed-before-hydration-nojs-${path.replace(/\W+/g, "_")}.png`,
        });
        return [`${path} without JavaScript: ${String(error).split("\n").slice(0, 3).join(" ")}`];
      };
      lost.push(
        ...(await refuseWithoutScript(visitorPage, path, visit.refuse, { base, token: player.token, ids }).catch(
          failed,
        )),
      );
    }
    await visitor.close();
  };

  const guest = await context.browser().newContext({ viewport: page.viewportSize(), baseURL: base, locale: "en-US" });
  const guestPage = await guest.newPage();
  await visitAll(guestPage, VISITS.guest);
  await noScript(guest, VISITS.guest);
  await guest.close();

  await page.goto("/login");
  await page.getByLabel("Username").fill(player.username);
  await page.getByLabel("Password").fill(player.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  await visitAll(page, VISITS.player);
  await noScript(context, VISITS.player);

  const desk = await context.browser().newContext({ viewport: page.viewportSize(), baseURL: base, locale: "en-US" });
  const deskPage = await desk.newPage();
  await signInToConsole(deskPage, serverLog);
  await visitAll(deskPage, VISITS.operator);
  await noScript(desk, VISITS.operator);
  await desk.close();
  await room.stop();
  await shot("last-form");
  const total = counts.reduce((sum, line) => sum + Number(line.split(": ")[1]), 0);
  console.log(`    controls set and checked: ${total} on ${counts.length} pages (${counts.join(", ")})`);
  assert.deepEqual(unchanged, [], "controls the flow could not set to another value");
  assert.deepEqual(lost, [], `controls that lost what was set (${total} set)`);
}
