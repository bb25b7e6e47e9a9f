// Done when: register, log out, log in, change both passwords and switch language on a phone.
import assert from "node:assert/strict";
import { uniqueStamp } from "./players.mjs";

export default async function ({ page, shot, smsCode }) {
  const stamp = uniqueStamp();
  const username = `e2e${stamp}a`;
  const phone = `98${stamp}`;

  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await page.getByRole("searchbox").fill("viet");
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByText("Code sent").waitFor();
  assert.match(await page.getByRole("button", { name: /Resend in/ }).innerText(), /Resend in \d+ s/);
  await page.getByLabel("Verification code").fill(await smsCode(phone));
  await page.getByLabel("Password", { exact: true }).fill("play1234");
  await page.getByLabel("Confirm password").fill("play1234");
  await page.getByLabel("Invitation code").fill("888");
  await shot("1-register-filled");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await page.getByText("I have read and agree").waitFor();
  await page.getByText("Please tick the agreement").first().waitFor();
  await page.getByLabel("I have read and agree").check();
  await page.getByLabel("I am 18 years old or older").check();
  await page.getByLabel("Password", { exact: true }).fill("play1234");
  await page.getByLabel("Confirm password").fill("play1234");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await page.waitForURL("**/user");
  await page.getByText(username).first().waitFor();
  await shot("2-user");

  // log out through the confirm dialog
  await page.getByRole("link", { name: "Log out" }).click();
  await page.getByRole("alertdialog").waitFor();
  await shot("3-logout-confirm");
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.waitForURL("**/login");

  // a guest asking for /my_password comes back there after logging in
  await page.goto("/my_password");
  await page.waitForURL("**/login?redirectTo=%2Fmy_password");
  await page.getByLabel("Username").fill(` ${username} `);
  await page.getByLabel("Password").fill("wrong9999");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByText("Wrong username or password").waitFor();
  await shot("4-login-error");
  await page.getByLabel("Password").fill("play1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/my_password");

  // change the login password
  await page.getByRole("link", { name: /Login password/ }).click();
  await page.getByLabel("Current password").fill("play1234");
  await page.getByLabel("New password", { exact: true }).fill("play5678");
  await page.getByLabel("Confirm new password").fill("play5678");
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL("**/my_password");
  await page.getByText("Login password changed").waitFor();

  // set, then change, the withdrawal password
  await page.getByRole("link", { name: /Withdrawal password/ }).click();
  await page.getByLabel("New withdrawal password").fill("135790");
  await page.getByLabel("Confirm withdrawal password").fill("135790");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Withdrawal password saved").waitFor();
  await page.getByRole("link", { name: /Withdrawal password/ }).click();
  await page.getByLabel("Current withdrawal password").fill("135790");
  await page.getByLabel("New withdrawal password").fill("246802");
  await page.getByLabel("Confirm withdrawal password").fill("246802");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("Withdrawal password saved").waitFor();
  await shot("5-security");

  // switch language
  await page.goto("/my_set");
  await page.getByRole("link", { name: /Language/ }).click();
  await page.getByLabel("简体中文").check();
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("语言已保存").waitFor();
  await page.goto("/user");
  await page.getByText("安全中心").waitFor();
  await shot("6-user-zh");
}
