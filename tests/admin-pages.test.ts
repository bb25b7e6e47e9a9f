import { describe, expect, it } from "vitest";
import { api, expectOk, freshOperatorCode, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { totpAt } from "../worker/auth/totp";

const CONSOLE_PAGES = [
  "/admin",
  "/admin/players",
  "/admin/players/3",
  "/admin/rooms",
  "/admin/rooms/1",
  "/admin/totals",
  "/admin/audit",
];

async function operatorBrowser() {
  const browser = new Browser();
  const response = await browser.post("/admin/login", {
    intent: "login",
    username: "admin",
    password: "admin1234",
    code: await freshOperatorCode(),
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/admin");
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__op="))!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/Max-Age=43200/);
  return browser;
}

describe("console pages", () => {
  it("are 404 to guests and to signed-in players; the sign-in page is public", async () => {
    const guest = new Browser();
    const player = await new Browser().logIn();
    for (const path of CONSOLE_PAGES) {
      for (const who of [guest, player]) {
        const response = await who.get(path);
        expect(response.status, path).toBe(404);
        await response.body?.cancel();
      }
    }
    const login = await guest.get("/admin/login");
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('name="code"');
  });

  it("sign in without JavaScript with password and TOTP, and show every console page", async () => {
    const browser = await operatorBrowser();
    for (const path of CONSOLE_PAGES) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(200);
      await response.body?.cancel();
    }
  });

  it("refuse a wrong code with the message in the operator's language", async () => {
    const response = await new Browser().post("/admin/login", {
      intent: "login",
      username: "admin",
      password: "admin1234",
      code: "000000",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Wrong username, password or authenticator code");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__op="))).toBe(false);
  });

  it("enrols a new operator at /admin/enrol with the code handed over: a local QR code, their own password, ten recovery codes", async () => {
    const created = await api("/api/admin/operators/create", {
      token: await operatorLogin(),
      username: "pageenrol1",
      role: "viewer",
    });
    expectOk(created);
    const browser = new Browser();
    const who = { username: "pageenrol1", enrolCode: created.data.enrolment.code };
    const first = await browser.post("/admin/enrol", { intent: "start", ...who });
    const html = await first.text();
    expect(html).toContain("<svg");
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(html)![1];
    const confirm = await browser.post("/admin/enrol", {
      intent: "confirm",
      ...who,
      secret,
      password: "page-enrol-pass-1",
      code: await totpAt(secret, Date.now()),
    });
    const page = await confirm.text();
    expect((page.match(/<code>[0-9A-F]{5}-[0-9A-F]{5}<\/code>/g) ?? []).length).toBe(10);
    // a new account waits for a second admin: enrolled, not signed in
    expect(page).toContain("A second admin approves your account");
    const console = await browser.get("/admin");
    expect(console.status).toBe(404);
    await console.body?.cancel();
  });

  it("sign out revokes the session: the console is a 404 again", async () => {
    const browser = await operatorBrowser();
    const out = await browser.post("/admin/logout", {});
    expect(out.status).toBe(302);
    const response = await browser.get("/admin");
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});
