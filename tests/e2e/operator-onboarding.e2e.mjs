// Power over operators takes two admins and operators own their credentials (docs/decisions/060), at
// phone width: admin asks for a new cashier and hands over the enrolment code; the cashier enrols with
// their own password and authenticator; admin2 approves the account; the new cashier signs in and
// approves the credit admin asked for, which admin could not approve alone.
import assert from "node:assert/strict";
import { totpAt } from "../../worker/auth/totp.ts";
import { operatorToken, signInToConsole } from "./operator.mjs";
import { uniqueStamp } from "./players.mjs";

async function call(base, path, body) {
  return (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

async function newPlayer(base, smsCode) {
  const stamp = uniqueStamp();
  const phone = `97${stamp}`;
  const username = `ob${stamp}x`;
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
  return { username, token: registered.data.token };
}

async function signOut(page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/admin\/login/);
}

export default async function ({ page, base, shot, smsCode, serverLog }) {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await newPlayer(base, smsCode);
  const info = await call(base, "/api/Game/getuserinfo", { token: player.token });
  // admin asks for a credit above what one operator moves alone: it waits for a second operator
  const admin = await operatorToken(base, serverLog, "admin");
  const asked = await call(base, "/api/admin/adjust", {
    token: admin,
    userId: info.data.id,
    money: "15000",
    text: "compensation",
    reason: "Onboarding flow",
    request_id: `ob${Date.now()}`,
  });
  assert.equal(asked.data.status, "pending", JSON.stringify(asked));

  // admin asks for a cashier: an enrolment code to hand over, no password. admin and admin2 are the run's sessions of
  // them (signed in once, tests/e2e/global-setup.mjs); the browser changes hands by dropping one's cookie and taking
  // the next one's, as another person's browser would (signing out would end the session every flow shares)
  await signInToConsole(page, serverLog, "admin");
  await page.goto("/admin/operators");
  const name = `new${String(Date.now()).slice(-6)}`;
  await page.getByLabel("Username").fill(name);
  await page.locator("form", { hasText: "Create operator" }).getByLabel("Role").selectOption("cashier");
  await page.getByRole("button", { name: "Create operator" }).click();
  await page.getByText(`${name} was asked for as Cashier`).waitFor();
  const enrolCode = await page.getByTestId("enrolment-code").innerText();
  await shot("1-admin-asks-for-a-cashier");
  await page.context().clearCookies();

  // the new cashier enrols: their own password and authenticator
  await page.goto("/admin/login");
  await page.getByRole("link", { name: /Enrol with the code/ }).click();
  // the sign-in page has a Username field too: type only once the enrolment page is there
  await page.getByRole("heading", { name: "Enrol as an operator" }).waitFor();
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Enrolment code").fill(enrolCode);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = await page.getByTestId("totp-secret").innerText();
  await shot("2-cashier-scans");
  const password = "cashier-own-pass-7";
  await page.getByLabel("Your password").fill(password);
  const enrolledAt = Date.now();
  await page.getByLabel("Authenticator code").fill(await totpAt(secret, enrolledAt));
  await page.getByRole("button", { name: "Finish enrolment" }).click();
  await page.getByTestId("recovery-codes").waitFor();
  await page.getByText("A second admin approves your account").waitFor();
  await shot("3-cashier-enrolled-waits");
  // not yet: the account waits for the second admin
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Authenticator code").fill(await totpAt(secret, enrolledAt + 30_000));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByText("Wrong username, password or authenticator code").waitFor();

  // admin2 approves the new cashier, naming who asked
  await signInToConsole(page, serverLog, "admin2");
  await page.goto("/admin/operators");
  const request = page.locator("article", { hasText: `New operator ${name} as Cashier` });
  await request.getByText("Asked by admin").waitFor();
  await request.getByRole("button", { name: "Approve" }).click();
  await page.getByText(`Approve: New operator ${name} as Cashier? Asked by admin.`).waitFor();
  await shot("4-admin2-confirms");
  await page.getByRole("button", { name: "Yes, do it" }).click();
  await page.getByText(`Approved: New operator ${name} as Cashier`).first().waitFor();
  await page.context().clearCookies();

  // the cashier signs in with their own credentials and approves admin's credit
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Authenticator code").fill(await totpAt(secret, Math.max(Date.now(), enrolledAt + 30_000)));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Approvals" }).waitFor();
  const credit = page.locator("article", { hasText: player.username }).filter({ hasText: /15,?000\.00/ });
  await credit.getByRole("button", { name: "Approve" }).click();
  await page
    .getByTestId("confirm-panel")
    .getByText(/asked by admin/)
    .waitFor();
  await shot("5-cashier-approves-the-credit");
  await page.getByTestId("confirm-panel").getByRole("button", { name: "Approve" }).click();
  await credit.waitFor({ state: "detached" });
  assert.equal((await call(base, "/api/Game/getuserinfo", { token: player.token })).data.money, 15000);
  // the session is the cashier's own: signing out ends it, and the console is not there for a signed-out browser
  await signOut(page);
  assert.equal((await page.goto("/admin")).status(), 404);
}
