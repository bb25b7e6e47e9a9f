// Done when: a player with enough balance locks funds in a tier at a phone size, sees the
// order, a day's interest after the accrual runs for that day, and the principal back at maturity.
// Days pass the way the worker tests run alarms: the flow fires the Worker's cron at a chosen scheduled time through
// wrangler dev's own trigger route (/cdn-cgi/local/scheduled, which no deployment serves), and the accrual pays
// what is due at that time (worker/index.ts, docs/decisions/070); no route of ours takes a time.
import assert from "node:assert/strict";
import { eventually } from "./eventually.mjs";
import { approveDepositTwice } from "./operator.mjs";
import { newPlayer } from "./players.mjs";
import { paidInto } from "./site-payees.mjs";

const DAY = 86_400_000;

export default async function ({ page, base, shot, smsCode, serverLog }) {
  const call = async (path, body) =>
    (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
  const cronAt = async (scheduledTime) => {
    const cron = encodeURIComponent("* * * * *");
    const run = await fetch(`${base}/cdn-cgi/local/scheduled?cron=${cron}&time=${scheduledTime}&format=json`);
    assert.equal(run.status, 200, `the cron at ${new Date(scheduledTime).toISOString()}: ${await run.text()}`);
  };
  // the order as its player reads it, once what the cron paid is in
  const orderWhen = async (id, paid) =>
    eventually(async () => {
      const order = (await call("/api/Game/getproductorders", { token: player })).data.list.find((o) => o.id === id);
      assert.ok(paid(order), JSON.stringify(order));
      return order;
    });
  // a player of this flow's own: its lock-up is the first of its orders, whatever other flows lock at once
  const own = await newPlayer(base, smsCode, { prefix: "fi", payPwd: "123456" });
  const player = own.token;
  // 200,000 is above a single operator's adjustment bound (docs/decisions/061): the player deposits it
  const asked = await call("/api/game/recharge", {
    token: player,
    money: "200000",
    pay_name: "Finance E2E",
    ...paidInto(),
  });
  assert.equal(asked.code, 1, JSON.stringify(asked));
  await approveDepositTwice(base, serverLog, asked.data.id);

  await page.goto("/login?redirectTo=/finance");
  await page.getByLabel("Username").fill(own.username);
  await page.getByLabel("Password").fill(own.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/finance");
  await page.getByTestId("operator-note").waitFor();
  await shot("1-products");

  await page.getByTestId("product-primary").getByRole("link", { name: "Lock funds" }).click();
  await page.waitForURL((url) => url.pathname === "/producttransferin");
  // the preview follows the amount as it is typed, key by key, before anything is sent
  const tier = (await call("/api/Game/getproductlist", { token: player })).data.list.find(
    (p) => p.id === Number(new URL(page.url()).searchParams.get("id")),
  );
  assert.ok(tier, `the tier on screen is listed: ${page.url()}`);
  const money = (cents) =>
    (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const preview = page.getByTestId("expected-interest");
  const typeAmount = async (typed, cents) => {
    await page.getByLabel("Amount").clear();
    await page.getByLabel("Amount").pressSequentially(typed, { delay: 40 });
    const perDay = Math.floor((cents * tier.rate_ppm) / 1_000_000);
    const figures = [money(cents), money(perDay), money(perDay * tier.days)];
    await eventually(async () => {
      const text = (await preview.textContent()) ?? "";
      for (const figure of figures) assert.ok(text.includes(figure), `${typed}: ${figure} in "${text}"`);
    });
  };
  await typeAmount("100", 10_000);
  await typeAmount("2,500", 250_000);
  assert.equal(new URL(page.url()).searchParams.get("money"), null, "nothing was sent while typing");
  await shot("1b-preview-follows-typing");

  await page.getByLabel("Amount").fill("50000");
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByText(/This product takes at least 100,000/)
    .first()
    .waitFor();
  await page.getByLabel("Amount").fill("150000");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByTestId("confirm-summary").waitFor();
  await page.getByText("225.00").first().waitFor(); // 150,000 x 0.15 % a day
  const requestId = () => page.locator('input[name="request_id"]').inputValue();
  const firstTry = await requestId();
  await page.getByLabel("Withdrawal password").fill("999999");
  await page.getByRole("button", { name: "Lock funds" }).click();
  await page.getByText("Wrong withdrawal password").first().waitFor();
  // single fetch runs the loaders again after a refusal: the form must not be remounted by them
  await page.waitForLoadState("networkidle");
  assert.equal(await requestId(), firstTry, "the refused form keeps its request_id");
  await page.getByLabel("Withdrawal password").fill("123456");
  await shot("2-confirm");
  await page.getByRole("button", { name: "Lock funds" }).click();
  await page.waitForURL((url) => url.pathname === "/productorder");
  await page.getByText("0 of 15 days paid").first().waitFor();
  await shot("3-order");

  const order = (await call("/api/Game/getproductorders", { token: player })).data.list[0];
  assert.equal(order.principal, 150_000);
  // the cron a day after the value date: every lock-up of the run is paid its due then, as any cron run pays them,
  // so this flow runs after the others (playwright.config.mjs's `alone`); it reads its own order only
  await cronAt(order.valueDate + DAY);
  await orderWhen(order.id, (o) => o.daysPaid === 1);
  await page.reload();
  await page.getByText("1 of 15 days paid").first().waitFor();
  await page.getByTestId(`order-${order.id}`).getByTestId("interest").getByText("225.00").waitFor();
  await page.goto("/my_income");
  await page.getByText("Interest", { exact: true }).first().waitFor();
  await page.getByText("Funds locked", { exact: true }).first().waitFor();
  await shot("4-interest-in-ledger");

  await cronAt(order.maturity);
  await orderWhen(order.id, (o) => o.daysPaid === 15 && o.status === "matured");
  await page.goto("/productorder");
  await page.getByText("15 of 15 days paid").first().waitFor();
  await page.getByText("Matured").first().waitFor();
  await page.goto("/my_income");
  await page.getByText("Principal returned", { exact: true }).first().waitFor();
  await shot("5-principal-back");
}
