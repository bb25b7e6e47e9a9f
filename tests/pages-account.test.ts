import { describe, expect, it } from "vitest";
import { newPlayerFields } from "./helpers";
import { Browser } from "./pages";

const AUTH_ROUTES = ["/user", "/my_password", "/userloginpassword", "/usercipherpassword", "/my_set"];

describe("account pages", () => {
  it.each(AUTH_ROUTES)("sends a guest from %s to /login and remembers where to return", async (path) => {
    const response = await new Browser().get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("serves login and register to guests with the security headers", async () => {
    const browser = new Browser();
    for (const path of ["/login", "/register", "/languageSet"]) {
      const response = await browser.get(path);
      expect(response.status).toBe(200);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      // every inline script carries this request's nonce
      for (const tag of html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("logs in with an HttpOnly, Secure, SameSite=Lax cookie and returns to the asked page", async () => {
    const browser = new Browser();
    const response = await browser.post("/login", {
      username: " demo01 ",
      password: "demo1234",
      redirectTo: "/my_set",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/my_set");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await browser.get("/user");
    expect(user.status).toBe(200);
    const html = await user.text();
    expect(html).toContain("demo01");
    expect(html).toContain("10,000.00");
  });

  it("never redirects off-site after login", async () => {
    const browser = new Browser();
    const response = await browser.post("/login", {
      username: "demo01",
      password: "demo1234",
      redirectTo: "//evil.example/x",
    });
    expect(response.headers.get("location")).toBe("/user");
  });

  it("shows a wrong password next to the field, in the player's language", async () => {
    const browser = new Browser();
    browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify("zh-CN"))));
    const response = await browser.post("/login", { username: "demo01", password: "nope12345" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("用户名或密码错误");
    expect(html).toMatch(/id="password-error"/);
    // without JavaScript the page is rendered anew: the username comes back, the password never does
    expect(html).toMatch(/name="username"[^>]*value="demo01"/);
    expect(html).not.toContain("nope12345");
  });

  it("refuses an action posted from another origin, or without one", async () => {
    const browser = new Browser();
    expect(
      (await browser.post("/login", { username: "demo01", password: "demo1234" }, "https://evil.example")).status,
    ).toBe(403);
    expect((await browser.post("/login", { username: "demo01", password: "demo1234" }, null)).status).toBe(403);
    expect(browser.cookies.has("__session")).toBe(false);
  });

  it("registers through the form, asking for the agreement first", async () => {
    const browser = new Browser();
    const fields = await newPlayerFields();
    const refused = await browser.post("/register", { ...fields, intent: "register" });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Please tick the agreement");
    expect(refusedHtml).toContain(`value="${fields.phone}"`);
    expect(refusedHtml).not.toContain(`value="${fields.password}"`);
    const done = await browser.post("/register", { ...fields, agree: "1", adult: "1", intent: "register" });
    expect(done.status).toBe(302);
    const user = await browser.get("/user");
    expect(await user.text()).toContain(fields.username);
  });

  it("sends an SMS code from the register form and shows the resend lock", async () => {
    const browser = new Browser();
    const phone = `97${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const sent = await browser.post("/register", { quhao: "+84", phone, intent: "sms" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Code sent");
    const again = await browser.post("/register", { quhao: "+84", phone, intent: "sms" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Sending too frequently");
  });

  it("logs out after the confirm step, revoking the session", async () => {
    const browser = await new Browser().logIn();
    const confirm = await browser.get("/my_set?confirm=logout");
    expect(await confirm.text()).toContain('action="/logout"');
    const out = await browser.post("/logout", { intent: "confirm" });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
    expect(browser.cookies.has("__session")).toBe(false);
    expect((await browser.get("/user")).status).toBe(302);
  });

  it("changes the login password and keeps this device logged in", async () => {
    const browser = new Browser();
    const fields = await newPlayerFields();
    await browser.post("/register", { ...fields, agree: "1", adult: "1", intent: "register" });
    const wrong = await browser.post("/userloginpassword", {
      passwd: "bad12345",
      npasswd: "fresh123",
      npasswd2: "fresh123",
    });
    expect(await wrong.text()).toContain("Original password is wrong");
    const done = await browser.post("/userloginpassword", {
      passwd: fields.password,
      npasswd: "fresh123",
      npasswd2: "fresh123",
    });
    expect(done.status).toBe(302);
    expect((await browser.get("/user")).status).toBe(200);
    await new Browser().logIn(fields.username, "fresh123");
  });

  it("sets a withdrawal password without an original, then asks for it", async () => {
    const browser = new Browser();
    const fields = await newPlayerFields();
    await browser.post("/register", { ...fields, agree: "1", adult: "1", intent: "register" });
    const first = await browser.get("/usercipherpassword");
    expect(await first.text()).not.toContain('name="srcpwd"');
    // the security centre states a fact ("Not set"), then offers the action ("Change") like the login password
    const security = (await (await browser.get("/my_password")).text()).match(/<span class="value">[^<]*<\/span>/g);
    expect(security).toEqual(['<span class="value">Change</span>', '<span class="value">Not set</span>']);
    expect((await browser.post("/usercipherpassword", { newpwd: "246810", newpwd2: "246810" })).status).toBe(302);
    const second = await browser.get("/usercipherpassword");
    expect(await second.text()).toContain('name="srcpwd"');
    expect(
      (await (await browser.get("/my_password")).text()).match(/<span class="value">Change<\/span>/g),
    ).toHaveLength(2);
    expect(await (await browser.get("/user")).text()).toMatch(/<h1>\w+<\/h1>/);
  });

  it("switches the language with a cookie", async () => {
    const browser = new Browser();
    const saved = await browser.post("/languageSet", { lng: "vi", redirectTo: "/login" });
    expect(saved.status).toBe(302);
    const page = await browser.get("/login");
    const html = await page.text();
    expect(html).toContain('lang="vi"');
    expect(html).toContain("Đăng nhập");
  });
});
