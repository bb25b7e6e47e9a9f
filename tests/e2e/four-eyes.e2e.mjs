// Four eyes (docs/decisions/061-four-eyes-on-money.md) work in the console between the two demo operators. admin credits a
// player more than one operator may alone; it waits; admin cannot approve it; cashier signs in and does.
// At phone width and at desk width, with screenshots.
import assert from "node:assert/strict";
import { signInToConsole } from "./operator.mjs";
import { call, newPlayer } from "./players.mjs";

export default async function ({ page, base, shot, smsCode, serverLog }) {
  const player = await newPlayer(base, smsCode, { prefix: "fe" });

  // admin (the admin role sees Operators in the navigation) credits 15,000.00: above the threshold, it waits. Each
  // operator is the run's session of them (signed in once, tests/e2e/global-setup.mjs): the browser changes hands by
  // taking the next operator's session cookie, as a second person's browser would hold their own
  await signInToConsole(page, serverLog, "admin");
  await page.getByRole("link", { name: "Operators" }).waitFor();
  await page.goto("/admin/players");
  await page.getByRole("searchbox").fill(player.username);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: new RegExp(player.username) }).click();
  await page.getByLabel("Amount").fill("15000");
  await page.getByLabel("What the player reads").selectOption({ label: "Compensation" });
  await page.getByLabel("Internal note").fill("Goodwill after an outage");
  await page.getByRole("button", { name: "Apply" }).click();
  // more than one operator may move alone: the step asks for approval, and the result says it waits
  await page.getByTestId("confirm-panel").getByRole("button", { name: "Send 15,000.00 USD for approval" }).click();
  await page.getByText(`15,000.00 USD for ${player.username} waits for a second operator`).first().waitFor();
  await shot("1-admin-asked");

  // the one who asked cannot approve it: the console offers only to cancel it (the API refuses it too, 1123)
  await page.goto("/admin");
  const card = page.locator("article", { hasText: player.username }).filter({ hasText: /15,?000\.00/ });
  await card.getByText("You asked for this").waitFor();
  assert.equal(await card.getByRole("button", { name: "Approve" }).count(), 0);
  assert.equal((await call(base, "/api/Game/getuserinfo", { token: player.token })).data.money, 0);

  // cashier, at desk width: no Operators section for this role; approves, and the player has the money
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToConsole(page, serverLog, "cashier");
  assert.equal(await page.getByRole("link", { name: "Operators" }).count(), 0);
  const waiting = page.locator("article", { hasText: player.username }).filter({ hasText: /15,?000\.00/ });
  await waiting.waitFor();
  await shot("2-cashier-approvals-desk");
  await waiting.getByRole("button", { name: "Approve" }).click();
  await page
    .getByTestId("confirm-panel")
    .getByText(/Approve the credit of 15,000\.00 .* asked by admin/)
    .waitFor();
  await shot("3-cashier-confirms-desk");
  await page.getByTestId("confirm-panel").getByRole("button", { name: "Approve" }).click();
  await waiting.waitFor({ state: "detached" });
  assert.equal((await call(base, "/api/Game/getuserinfo", { token: player.token })).data.money, 15000);
  // a cashier's role stops at money: the operators screen is not theirs
  assert.equal((await page.goto("/admin/operators")).status(), 404);

  // admin, at phone width: a new operator is asked for, with an enrolment code shown once (never a password)
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToConsole(page, serverLog, "admin");
  await page.goto("/admin/operators");
  const name = `desk${String(Date.now()).slice(-5)}`;
  await page.getByLabel("Username").fill(name);
  await page.locator("form", { hasText: "Create operator" }).getByLabel("Role").selectOption("viewer");
  await page.getByRole("button", { name: "Create operator" }).click();
  await page.getByText(`${name} was asked for as Viewer`).waitFor();
  assert.match(await page.getByTestId("enrolment-code").innerText(), /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  await shot("4-operator-asked");
  // until a second admin approves, the account is disabled; the asker may withdraw the request, not approve it
  await page.locator("tr", { hasText: name }).getByText("Disabled").waitFor();
  const request = page.locator("article", { hasText: `New operator ${name} as Viewer` });
  await request.getByText("You asked for this: another admin decides it").waitFor();
  assert.equal(await request.getByRole("button", { name: "Approve" }).count(), 0);
  await shot("5-waits-for-a-second-admin");
}
