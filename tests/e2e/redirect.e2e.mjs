// After logging in through the real form, hostile redirectTo values never leave the site;
// each lands on /user (the fallback), while a path of the site is honoured.
import assert from "node:assert/strict";

const HOSTILE = [
  "//evil.example/",
  "/\\evil.example/",
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/%09/evil.example/",
  "/%2F/evil.example/",
  "/%5C/evil.example/",
  "/\r\nLocation: https://evil.example/",
  "/%00/evil.example/",
  "https://evil.example/",
  "javascript:alert(1)",
  "/\\/evil.example/",
];

async function logInWith(page, context, redirectTo) {
  await context.clearCookies();
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
}

export default async function ({ page, context, base, shot }) {
  const origin = new URL(base).origin;
  for (const payload of HOSTILE) {
    await logInWith(page, context, payload);
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/user", { timeout: 15_000 });
    assert.equal(new URL(page.url()).origin, origin, `stayed on the site for ${JSON.stringify(payload)}`);
    await page.getByText("demo01").first().waitFor();
  }
  await shot("1-fallback-user");
  // The control: a path of this site is where the player comes back to.
  await logInWith(page, context, "/my_password");
  await page.waitForURL((url) => url.origin === origin && url.pathname === "/my_password");
}
