// The coins a withdrawal to a coin address pays are the ones the player reads before confirming, and the ones the
// request keeps (docs/decisions/174, 189). In a real browser: an amount typed before the page became interactive is
// figured once it is; the "All" preset is figured like a typed amount; and a rate approved while the page is open
// refuses the confirm with a sentence and shows the new figure, which the next confirm keeps.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { holdScripts, reactHydrated } from "./hydrated.mjs";
import { setMoneySettings } from "./operator.mjs";
import { call, fundedPlayer, signInPlayer } from "./players.mjs";

/** The frame after the next one: whatever React scheduled before it has rendered. */
const nextFrames = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * What the coin figure says once it says `wanted`, or what it says after 5 s of not saying it (null: no figure). A
 * refusal's words show while the page's data is read again (React Router sets the action's answer first), so the
 * figure may follow a moment later; a figure that never follows is stale.
 */
async function figureOf(page, wanted) {
  const figure = page.getByTestId("coin-payout");
  let said = null;
  for (const until = Date.now() + 5_000; Date.now() < until; await page.waitForTimeout(100)) {
    said = (await figure.count()) ? await figure.innerText() : null;
    if (said?.includes(wanted)) break;
  }
  return said;
}

export default async function ({ page, base, smsCode, serverLog, shot }) {
  // ETH: the other flows pay out to USDT addresses, and a rate changed under a page they drew would refuse their confirm
  await setMoneySettings(base, serverLog, { coin_payouts: { ETH: { rate: "0.0004", fee: "0.0005" } } });
  try {
    const player = await fundedPlayer({ base, smsCode, serverLog, prefix: "cq", money: 1000 });
    const address = await call(base, "/api/game/addbankcard", {
      token: player.token,
      type: "ETH",
      network: "ETH",
      address: `0x${randomBytes(20).toString("hex")}`,
      payPwd: player.payPwd,
    });
    assert.equal(address.code, 1, JSON.stringify(address));
    await signInPlayer(page, player.username, player.password);

    // the amount's checks are gathered, so one run names every figure that was stale
    const stale = [];
    const expectFigure = async (step, wanted) => {
      const figure = await figureOf(page, wanted);
      if (!figure?.includes(wanted)) stale.push(`${step}: wanted "${wanted}", the page says ${JSON.stringify(figure)}`);
    };

    // typed on a slow phone before the scripts ran: kept by the box, and figured once the page is interactive
    const scripts = await holdScripts(page);
    try {
      await page.goto("/withdraw", { waitUntil: "domcontentloaded" });
      await page.locator('input[name="money"]').fill("100");
      scripts.release();
      await reactHydrated(page);
      await nextFrames(page);
    } finally {
      await scripts.stop();
    }
    assert.equal(await page.locator('input[name="money"]').inputValue(), "100", "the typed amount is kept");
    await expectFigure("typed before hydration", "You receive 0.0395 ETH (100.00 USD at 0.0004 ETH per USD");

    // the whole withdrawable amount, by the preset
    await page.locator(".amount-presets").getByRole("link", { name: "All", exact: true }).click();
    assert.equal(await page.locator('input[name="money"]').inputValue(), "1000.00", "All fills the whole amount");
    await expectFigure("the All preset", "You receive 0.3995 ETH (1,000.00 USD at 0.0004 ETH per USD");
    await shot("1-all");
    assert.deepEqual(stale, [], "the coin figure follows the amount the box holds");

    // a new rate is approved while the page is open: the confirm is refused in words, the new figure shown
    await setMoneySettings(base, serverLog, { coin_payouts: { ETH: { rate: "0.00035", fee: "0.001" } } });
    await page.getByLabel("Withdrawal password").fill(player.payPwd);
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "The coin rate or network fee has changed since this page showed it" })
      .waitFor();
    const now = "You receive 0.349 ETH (1,000.00 USD at 0.00035 ETH per USD";
    assert.ok((await figureOf(page, now))?.includes(now), "after the refusal the page shows the new figure");
    await shot("2-refused");

    // the figure now shown is the one the next confirm keeps
    await page.getByLabel("Withdrawal password").fill(player.payPwd);
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await page.getByText("Withdrawal requested").first().waitFor();
    const [row] = (await call(base, "/api/game/getwithdrawlist", { token: player.token })).data.list;
    assert.equal(row?.coin?.net, "0.349000", JSON.stringify(row));
    assert.equal(row.coin.rate, "0.00035");
  } finally {
    // the other flows meet the site as it was: no coin payout rates
    await setMoneySettings(base, serverLog, { coin_payouts: {} });
  }
}
