// Done when: add a bank card and a USDT address, ask for a deposit, see it credited after an
// operator approves it, withdraw, and read every movement in the funds ledger.
import assert from "node:assert/strict";
import { operatorToken } from "./operator.mjs";
import { newPlayer } from "./players.mjs";
import { SITE_PAYEES } from "./site-payees.mjs";

const money = (text) => Number(text.replace(/[^\d.]/g, ""));

export default async function ({ page, base, shot, smsCode, serverLog }) {
  // a player of this flow's own: flows run in parallel, and a player holds one bank card
  const player = await newPlayer(base, smsCode, { prefix: "wa", payPwd: "123456" });
  await page.goto("/login?redirectTo=/bankadd");
  await page.getByLabel("Username").fill(player.username);
  await page.getByLabel("Password").fill(player.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/bankadd");
  await page.goto("/user");
  const opening = money(await page.getByTestId("balance").innerText());
  await page.goto("/bankadd");

  // a bank card
  await page.getByRole("link", { name: "Bank card" }).click();
  await page.getByLabel("Bank name").fill("Vietcombank");
  await page.getByLabel("Account number").fill("0123456789");
  await page.getByLabel("Real name").fill("Nguyen Van A");
  await page.getByLabel("Branch").fill("Ha Noi");
  await page.getByLabel("Withdrawal password").fill("999999");
  await page.getByRole("button", { name: "Save account" }).click();
  await page.getByText("Wrong withdrawal password").first().waitFor();
  await page.getByLabel("Withdrawal password").fill("123456");
  await shot("1-bank-card");
  await page.getByRole("button", { name: "Save account" }).click();
  await page.getByText("Account added").first().waitFor();

  // a USDT address
  await page.goto("/bankadd?type=USDT");
  await page.getByLabel("USDT address").fill("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
  await page.getByLabel("Withdrawal password").fill("123456");
  await page.getByRole("button", { name: "Save account" }).click();
  await page.getByText("Account added").first().waitFor();
  await page.goto("/banklist");
  await page.getByText("Vietcombank").first().waitFor();
  await page
    .getByText(/TQn9Y2/)
    .first()
    .waitFor();
  await shot("2-banklist");

  // a deposit request through the form, approved by the operator: the site lists two accounts to pay into
  // (tests/e2e/site-payees.mjs), so the player says which one and the transfer's reference
  await page.goto("/recharge");
  await page.getByLabel("Amount").fill("500");
  await page.getByLabel("Payer name").fill("Nguyen Van A");
  await page.getByRole("radio", { name: new RegExp(SITE_PAYEES[1].account) }).check();
  await page.getByLabel("Transfer reference").fill("FT26341 0500");
  await shot("3-deposit-form");
  await page.getByRole("button", { name: "Request deposit" }).click();
  await page.getByText("Deposit request sent").first().waitFor();
  await page.reload();
  await page.getByText("Waiting for an operator").first().waitFor();
  await shot("3-deposit-pending");

  const call = async (path, body) =>
    (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
  const admin = await operatorToken(base, serverLog);
  const pending = await call("/api/admin/deposits", { token: admin, status: "pending" });
  const request = pending.data.list.find((d) => d.username === player.username && d.money === 500);
  assert.ok(request, "the operator sees the request");
  assert.equal((await call("/api/admin/deposits/approve", { token: admin, id: request.id })).code, 1);
  await page.reload();
  await page
    .getByText(/Credited/)
    .first()
    .waitFor();
  await shot("4-deposit-credited");

  // withdraw to the bank card
  // typed before the page's scripts arrive (a slow phone): the amount must survive hydration. The scripts are held
  // until the amount is typed, then let through; a plain unroute would release the routes a held handler still
  // has, and that handler's continue() would then throw.
  let typed;
  const amountTyped = new Promise((resolve) => (typed = resolve));
  await page.route("**/assets/**", async (route) => {
    await amountTyped;
    await route.continue();
  });
  await page.goto("/withdraw", { waitUntil: "commit" });
  await page.getByLabel("Amount").fill("100");
  typed();
  await page.unrouteAll({ behavior: "wait" });
  await page.waitForLoadState("load");
  await page.getByLabel("Withdrawal password").fill("123456");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await page.getByText("Withdrawal requested", { exact: false }).first().waitFor();
  await page.getByText("Held, waiting for an operator").first().waitFor();
  await shot("5-withdrawal");

  await page.goto("/user");
  assert.equal(Math.round((money(await page.getByTestId("balance").innerText()) - opening) * 100), 40_000);

  // every movement in the funds ledger
  await page.goto("/my_income");
  await page.getByText("-100.00").first().waitFor();
  await page.getByText("+500.00").first().waitFor();
  await shot("6-ledger");
}
