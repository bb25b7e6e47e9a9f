// Every screen, player and console, at a phone's width and a desk's, in the four languages: none may be an
// error page or show a translation key instead of words. The player is the seeded demo01 with whatever the
// flows before this one left; the console is signed in as the seeded operator. Screenshots of the
// Vietnamese screens land in tests/e2e/screenshots/crawl-*.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { signInToConsole } from "./operator.mjs";

const LANGUAGES = ["en", "zh-CN", "zh-TW", "vi"];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
const PLAYER_SCREENS = [
  "/",
  "/user",
  "/user/limits",
  "/user/statement?type=all",
  "/recharge",
  "/withdraw",
  "/banklist",
  "/bankadd",
  "/my_income",
  "/betlist",
  "/message",
  "/message?tab=inbox",
  "/my_password",
  "/userloginpassword",
  "/usercipherpassword",
  "/my_set",
  "/languageSet",
  "/finance",
  "/productorder",
  "/productrule",
  "/producttransferin?id=1",
  "/room_list/1",
  "/activity/1",
  "/bjsc/4",
  "/rules/1",
  "/current/1",
  "/fairness",
  "/lotteryprize",
  "/help/list",
  "/ServicePage",
  "/my_update",
];
const GUEST_SCREENS = ["/login", "/register", "/forgot-password"];
const CONSOLE_SCREENS = [
  "/admin",
  "/admin/players",
  "/admin/risk",
  "/admin/rooms",
  "/admin/rooms/1",
  "/admin/rooms/new",
  "/admin/rounds",
  "/admin/content",
  "/admin/banners",
  "/admin/finance",
  "/admin/settings",
  "/admin/totals",
  "/admin/insight",
  "/admin/exports",
  "/admin/history",
  "/admin/operators",
  "/admin/audit",
];

/** The first part of every translation key, from the English locale files: a key shown reads like "wallet.kinds.x". */
function keyRoots() {
  const roots = new Set();
  for (const file of readdirSync("locales/en").filter((f) => f.endsWith(".json"))) {
    const json = JSON.parse(readFileSync(`locales/en/${file}`, "utf8"));
    roots.add(file.replace(".json", ""));
    for (const key of Object.keys(json)) if (/^[a-z][A-Za-z]+$/.test(key)) roots.add(key.split(".")[0]);
  }
  return [...roots];
}

/** The error page's title in every language. */
function errorTitles() {
  return LANGUAGES.flatMap((lng) => {
    const page = JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")).errorPage;
    return [page.title, page.notFound];
  });
}

export default async function ({ context, page, base, serverLog }) {
  const roots = keyRoots();
  const shownKey = new RegExp(
    `(^|[\\s>"'(])(${roots.join("|")})[.:][A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*(?=$|[\\s<"',.)])`,
    "m",
  );
  const errors = errorTitles();
  const problems = [];

  const visit = async (target, path, lng, size, label) => {
    await target.setViewportSize(size);
    const response = await target.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
    const status = response?.status() ?? 0;
    const text = await target.locator("body").innerText();
    if (status >= 400) problems.push(`${label} ${path} ${lng} ${size.width}: HTTP ${status}`);
    for (const title of errors)
      if (text.includes(title)) problems.push(`${label} ${path} ${lng} ${size.width}: error page "${title}"`);
    const key = shownKey.exec(text);
    if (key) problems.push(`${label} ${path} ${lng} ${size.width}: shows the key "${key[0].trim()}"`);
    if (lng === "vi") {
      const name = `${label}${path.replace(/[^a-z0-9]+/gi, "-")}-${size.width}`.replace(/-+$/, "");
      await target.screenshot({ path: `tests/e2e/screenshots/crawl-${name}.png` });
    }
  };

  const guest = await context.browser().newContext({ baseURL: base, locale: "en-US" });
  const guestPage = await guest.newPage();
  for (const path of GUEST_SCREENS)
    for (const lng of LANGUAGES) for (const size of WIDTHS) await visit(guestPage, path, lng, size, "guest");
  await guest.close();

  await page.goto("/login");
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  for (const path of PLAYER_SCREENS)
    for (const lng of LANGUAGES) for (const size of WIDTHS) await visit(page, path, lng, size, "player");

  const desk = await context.browser().newContext({ baseURL: base, locale: "en-US" });
  const deskPage = await desk.newPage();
  await signInToConsole(deskPage, serverLog);
  for (const path of CONSOLE_SCREENS)
    for (const lng of LANGUAGES) for (const size of WIDTHS) await visit(deskPage, path, lng, size, "console");
  await desk.close();

  assert.deepEqual(problems, []);
}
