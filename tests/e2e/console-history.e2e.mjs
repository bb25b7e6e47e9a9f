// History and matching (docs/decisions/140): a player says which of the site's accounts they
// paid into and their transfer reference; the operator's approval card shows both; the decided deposit
// is found again in the console's history by player name, beside the round board and the filtered rooms,
// at 390 px and at desk width.
import assert from "node:assert/strict";
import { signInToConsole } from "./operator.mjs";
import { uniqueStamp } from "./players.mjs";
import { SITE_PAYEES } from "./site-payees.mjs";

async function call(base, path, body) {
  return (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

/** The site account this player paid into, one of the run's (tests/e2e/site-payees.mjs). */
const PAYEE = SITE_PAYEES[0];

export default async function ({ page, base, shot, smsCode, serverLog }) {
  const stamp = uniqueStamp();
  const username = `hist${stamp}`;
  const phone = `97${stamp}`;
  assert.equal((await call(base, "/api/index/sms_send", { quhao: "+84", mobile: phone })).code, 1);
  const registered = await call(base, "/api/index/register", {
    quhao: "+84",
    username,
    phone,
    captcha: await smsCode(phone),
    password: "play1234",
    spassword: "play1234",
    invitation: "888",
    payPwd: "",
    adult: 1,
  });
  assert.equal(registered.code, 1, JSON.stringify(registered));

  // the player's deposit: the account paid into and the reference, each refusal at its field
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("play1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.goto("/recharge");
  await page.getByLabel("Amount").fill("2500");
  await page.getByLabel("Payer name").fill("Tran Thi B");
  // the site lists two accounts (tests/e2e/site-payees.mjs): the player says which one was paid into
  await page.getByRole("button", { name: "Request deposit" }).click();
  await page.getByText("Choose the account you paid into").waitFor();
  await page.getByRole("radio", { name: new RegExp(PAYEE.account) }).check();
  await page.getByRole("button", { name: "Request deposit" }).click();
  await page.getByText("Enter the transfer reference shown by your bank or wallet").waitFor();
  await shot("1-deposit-reference-missing-390");
  await page.getByLabel("Transfer reference").fill("FT26329 0417");
  await page.getByRole("button", { name: "Request deposit" }).click();
  await page.getByText("Deposit request sent").first().waitFor();
  await page.getByText("Reference: FT26329 0417").waitFor();
  await shot("2-deposit-sent-390");

  // the operator matches it: the card names the account and the reference
  await signInToConsole(page, serverLog);
  const card = page.locator("article", { hasText: username });
  await card.getByText(`${PAYEE.name} · ${PAYEE.account}`).waitFor();
  await card.getByText("FT26329 0417").waitFor();
  await card.scrollIntoViewIfNeeded();
  await shot("3-approval-card-390");
  await card.getByRole("button", { name: "Approve" }).click();
  const confirm = page.getByTestId("confirm-panel");
  await confirm.getByRole("button", { name: "Approve" }).click();
  await card.waitFor({ state: "detached" });

  // found again in the history, by a prefix of the name typed in another case
  await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
  await page.getByRole("heading", { name: "History" }).waitFor();
  await page.getByLabel("Player name starts with").fill(username.slice(0, -2).toUpperCase());
  await page.getByRole("button", { name: "Show" }).click();
  const row = page.locator("tr", { hasText: username });
  await row.getByText("2,500.00").waitFor();
  await row.getByText("Approved").waitFor();
  await row.getByText("FT26329 0417").waitFor();
  await shot("4-history-390");
  // a range that is the wrong way round is refused at its field
  await page.getByLabel("Least amount").fill("3000");
  await page.getByLabel("Most amount").fill("100");
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByText("The least amount must not be above the most").waitFor();
  await page.getByText("Nothing matches these filters").waitFor();

  await page.goto("/admin/rooms?kind=vip&roomtype=1");
  await page.getByRole("table").waitFor();
  assert.ok((await page.getByRole("row").count()) > 1, "VIP rooms of the USDT tab are listed");
  await shot("5-rooms-vip-390");

  // the same screens at desk width
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/history?kind=deposits&status=approved&player=${username}`);
  await page.locator("tr", { hasText: username }).waitFor();
  await shot("6-history-desk");
  await page.goto("/admin/history?kind=adjustments");
  await page.getByRole("heading", { name: "History" }).waitFor();
  await shot("7-adjustments-desk");
  // a player looking at room 1 opens its round: it is then on the board of rounds in play
  assert.equal((await call(base, "/api/Game/getGameinfo", { token: registered.data.token, roomid: 1 })).code, 1);
  // the board pages its rounds (newest first, twenty a page): room 1's is on one of its pages
  await page.goto("/admin/rounds");
  const roomOne = page.getByRole("link", { name: /· USDT · Standard #1$/ });
  for (let pages = 1; ; pages++) {
    await page.getByRole("heading", { name: "Rounds in all rooms" }).waitFor();
    if (await roomOne.count()) break;
    const older = page.getByRole("link", { name: "Older ›" });
    assert.ok(pages < 10 && (await older.count()), "room 1's round is on the board of rounds in play");
    await page.goto(await older.getAttribute("href"));
  }
  await shot("8-rounds-desk");
  await page.goto("/admin/rooms?kind=vip");
  await shot("9-rooms-desk");
}
