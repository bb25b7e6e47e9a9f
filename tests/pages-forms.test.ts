import { describe, expect, it } from "vitest";
import { AGREEMENT_ARTICLE_ID } from "#shared/content/article-ids";
import { api, count, expectOk, newPlayerFields } from "./helpers";
import { Browser } from "./pages";
import { addCoinAddress, player } from "./wallet-helpers";

// What a newcomer meets on the forms (docs/decisions/120): every field's error at once, messages that say what is
// wrong, the SMS lock surviving a refused submit, and the account pages closed to a signed-in player.

const inLanguage = (lng: string) => {
  const browser = new Browser();
  browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify(lng))));
  return browser;
};

/** The text of every field error on a page, by field (the span ids of app/components/Field.tsx). */
function fieldErrors(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/id="([\w]+)-error" role="alert">([^<]+)</g)].map((m) => [m[1], m[2]]));
}

describe("register form", () => {
  it("shows every field's error at once on an empty form, each saying what is wrong, and writes nothing", async () => {
    const users = await count("users");
    const response = await new Browser().post("/register", {
      quhao: "+84",
      username: "",
      phone: "",
      captcha: "",
      password: "",
      spassword: "",
      invitation: "",
      payPwd: "",
      intent: "register",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldErrors(html)).toEqual({
      username: "Username must contain both letters and digits",
      phone: "This is not a phone number: type it as 0912 345 678, or with its country code as +84 912 345 678",
      captcha: "Please enter the verification code",
      password: "Password must be 6-16 characters",
      invitation: "Please enter the invitation code",
    });
    // the two boxes have their messages under them
    expect(html).toContain("Please tick the agreement");
    expect(html).toContain("Please confirm that you are 18 or older");
    expect(await count("users")).toBe(users);
  });

  it("names a mismatched confirmation and a bad withdrawal password together, in the player's language", async () => {
    const fields = await newPlayerFields();
    const response = await inLanguage("zh-CN").post("/register", {
      ...fields,
      spassword: "other999",
      payPwd: "x",
      agree: "1",
      adult: "1",
      intent: "register",
    });
    const errors = fieldErrors(await response.text());
    expect(errors.spassword).toBe("两次输入的密码不一致");
    expect(errors.payPwd).toBeTruthy();
    expect(Object.keys(errors).sort()).toEqual(["payPwd", "spassword"]);
  });

  it("tells a wrong invitation code from a blank one", async () => {
    const fields = await newPlayerFields();
    const wrong = await new Browser().post("/register", {
      ...fields,
      invitation: "999",
      agree: "1",
      adult: "1",
      intent: "register",
    });
    expect(fieldErrors(await wrong.text())).toEqual({ invitation: "Wrong invitation code" });
    const blank = await api("/api/index/register", { ...fields, invitation: " ", adult: "1" });
    expect(blank.data.errCode).toBe(1161);
  });

  it("keeps the 60 s SMS lock after a refused register submit, without JavaScript too", async () => {
    const browser = new Browser();
    const phone = `96${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const sent = await browser.post("/register", { quhao: "+84", phone, intent: "sms" });
    const sentHtml = await sent.text();
    const sentAt = /name="sms_sent_at" value="(\d+)"/.exec(sentHtml)?.[1];
    expect(sentAt).toBeTruthy();
    expect(sentHtml).toMatch(/<button[^>]*value="sms"[^>]*disabled=""[^>]*>Resend in \d+ s</);
    const refused = await browser.post("/register", { quhao: "+84", phone, sms_sent_at: sentAt!, intent: "register" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(`name="sms_sent_at" value="${sentAt}"`);
    expect(html).toMatch(/<button[^>]*value="sms"[^>]*disabled=""[^>]*>Resend in \d+ s</);
    // a lock long over offers the button again
    const old = await browser.post("/register", {
      quhao: "+84",
      phone,
      sms_sent_at: String(Date.now() - 61_000),
      intent: "register",
    });
    expect(await old.text()).toMatch(/<button[^>]*value="sms"[^>]*>Send code</);
  });

  it("links the agreement to its article, in four languages", async () => {
    const html = await (await new Browser().get("/register")).text();
    expect(html).toContain(`href="/help/${AGREEMENT_ARTICLE_ID}"`);
    for (const lang of ["en", "chs", "cht", "vi"]) {
      const article = await api("/api/game/getarticledetail", { id: AGREEMENT_ARTICLE_ID, lang });
      expectOk(article);
      expect(JSON.stringify(article.data)).toMatch(/18/);
    }
    const page = await (await inLanguage("zh-CN").get(`/help/${AGREEMENT_ARTICLE_ID}`)).text();
    expect(page).toContain("用户协议");
  });
});

describe("signed-in players on /login and /register", () => {
  it("sends them on to /user (or a safe redirectTo), and guests see the forms", async () => {
    const browser = await new Browser().logIn();
    for (const path of ["/login", "/register"]) {
      const response = await browser.get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/user");
    }
    expect((await browser.get("/login?redirectTo=%2Fwithdraw")).headers.get("location")).toBe("/withdraw");
    expect((await browser.get("/login?redirectTo=%2F%2Fevil.example")).headers.get("location")).toBe("/user");
    const stale = new Browser();
    stale.cookies.set("__session", "forged");
    expect((await stale.get("/login")).status).toBe(200);
  });
});

describe("withdraw form", () => {
  it("shows the account, amount and password errors at once and holds nothing", async () => {
    const p = await player(100_00);
    await addCoinAddress(p.token);
    const browser = await new Browser().logIn(p.username, "secret123");
    const holds = await count("withdrawal_requests");
    const response = await browser.post("/withdraw", { bank_id: "", money: "", pwd: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldErrors(html)).toEqual({
      bank_id: "Please choose a withdrawal method",
      money: "Please enter the amount",
      pwd: "Withdrawal password is empty",
    });
    expect(await count("withdrawal_requests")).toBe(holds);
  });
});
