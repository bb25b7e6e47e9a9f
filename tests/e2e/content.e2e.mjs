// Done when: in each of the four languages a guest on a phone sees the home page (banner,
// prices area, tiles), reads news and announcements, and opens support and the version page.
// Expected texts come from locales/<lng>/*.json and the seeded articles (worker/seed/content-data).
//
// Not covered here: a hostile article in a real browser. The content API is read-only (slide, group,
// list, detail) and the scenario cannot reach the server's D1, so there is no way to plant one; the
// sanitizer is covered by tests/content.test.ts and tests/pages-public.test.ts ("a hostile article").
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { eventually, textOf } from "./eventually.mjs";

const locale = (lng, ns) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8"));

/** Seeded titles and an opening phrase of each body, per language (news 901, announcement 1401, help 2603). */
const LANGUAGES = [
  {
    lng: "en",
    label: "English",
    news: {
      id: 901,
      title: "Welcome to Roundtable",
      body: "Roundtable brings sixteen quick-round games to your phone",
    },
    notice: {
      id: 1401,
      title: "How withdrawals are handled",
      body: "We review withdrawal requests in the order they arrive",
    },
    fairTitle: "Provably fair draws",
  },
  {
    lng: "zh-CN",
    label: "简体中文",
    news: { id: 901, title: "欢迎来到 Roundtable", body: "Roundtable 把十六款快节奏游戏带到您的手机上" },
    notice: { id: 1401, title: "提现如何处理", body: "我们按提交顺序审核提现申请" },
    fairTitle: "可验证的公平开奖",
  },
  {
    lng: "zh-TW",
    label: "繁體中文",
    news: { id: 901, title: "歡迎來到 Roundtable", body: "Roundtable 把十六款快節奏遊戲帶到您的手機上" },
    notice: { id: 1401, title: "提現如何處理", body: "我們按提交順序審核提現申請" },
    fairTitle: "可驗證的公平開獎",
  },
  {
    lng: "vi",
    label: "Tiếng Việt",
    news: { id: 901, title: "Chào mừng đến với Roundtable", body: "Roundtable mang mười sáu trò chơi theo kỳ nhanh" },
    notice: {
      id: 1401,
      title: "Yêu cầu rút tiền được xử lý thế nào",
      body: "Chúng tôi xét duyệt yêu cầu rút tiền theo thứ tự",
    },
    fairTitle: "Quay thưởng công bằng có thể kiểm chứng",
  },
];

const COINS = ["BTC", "ETH", "USDT", "BNB", "SOL", "USDC", "DOGE", "TRX"];

/** The room each seeded game's tile opens (docs/decisions/031-home-tile-rooms.md). */
const TILE_ROOMS = {
  lucky28: 1,
  classic28: 1,
  turbo28: 1,
  royal28: 1,
  racing10: 4,
  skyracing: 4,
  speedracing: 4,
  dicefast3: 15,
  tripledice: 15,
  royalfast3: 15,
  fast3: 15,
  classic11x5: 9,
  turbo11x5: 9,
  gold11x5: 9,
  royal11x5: 9,
  bigsmall: 16,
};

export default async function ({ page, context, shot }) {
  // The browser asks for en-US, so the language page first speaks English; then the last saved language.
  let before = locale("en", "common");
  for (const language of LANGUAGES) {
    const t = {
      ...locale(language.lng, "content"),
      common: locale(language.lng, "common"),
      game: locale(language.lng, "game"),
    };
    await chooseLanguage(page, context, language, before, t);
    before = t.common;
    await home(page, language, t);
    await shot(`${language.lng}-home`);
    await articles(page, language, t, shot);
    await support(page, t);
    await shot(`${language.lng}-support`);
    await versionPage(page, t);
    await shot(`${language.lng}-update`);
    await guestTile(page, t);
  }
}

/** Saves the language on /languageSet, whose button still speaks the previous one; the toast speaks the new one. */
async function chooseLanguage(page, context, { lng, label }, before, t) {
  await page.goto("/languageSet");
  await page.getByRole("heading", { level: 1, name: before.languageSet.title }).waitFor();
  await page.getByLabel(label, { exact: true }).check();
  await page.getByRole("button", { name: before.save, exact: true }).click();
  await page.getByText(t.common.languageSet.saved).first().waitFor();
  // Saving loads the whole page again, so the page itself is already in the new language.
  await page.getByRole("heading", { level: 1, name: t.common.languageSet.title }).waitFor();
  // Remix cookies hold base64 JSON.
  const cookie = (await context.cookies()).find((c) => c.name === "lng");
  assert.equal(
    cookie && JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString()),
    lng,
    `the lng cookie remembers ${lng}`,
  );
  assert.equal(await page.getByLabel(label, { exact: true }).isChecked(), true, `${label} stays chosen`);
}

async function home(page, { lng, notice, fairTitle }, t) {
  await page.goto("/");
  assert.equal(await page.locator("html").getAttribute("lang"), lng);
  await page.getByRole("heading", { name: t.home.guestTitle }).waitFor();

  // Banner: the first slide's image in this language, sized up front (no layout shift), loaded, described.
  const banner = page.locator("section.banners img").first();
  await banner.waitFor();
  assert.equal(await banner.getAttribute("src"), `/banners/fair-${lng}.svg`);
  assert.equal(await banner.getAttribute("width"), "750");
  assert.equal(await banner.getAttribute("height"), "300");
  assert.equal(await banner.getAttribute("alt"), fairTitle);
  await page.waitForFunction(() => {
    const img = document.querySelector("section.banners img");
    return img?.complete && img.naturalWidth > 0;
  });
  assert.equal(await page.getByRole("region", { name: t.banner.label }).count(), 1);

  // The newest announcement runs in the notice bar.
  assert.equal(await page.locator("a.notice-bar .notice-text").innerText(), notice.title);
  assert.equal(await page.locator("a.notice-bar").getAttribute("href"), `/info/${notice.id}`);

  // Prices: the heading and the eight coins in the player's language. global-setup.mjs gives this server a live
  // feed, so each coin shows either a price with its change or "no price" (prices.e2e.mjs follows the
  // feed itself; the no-feed area is covered by app/components/home/CryptoPrices.test.tsx).
  const prices = page.locator("section.prices");
  await prices.getByRole("heading", { name: t.prices.title }).waitFor();
  const statuses = ["live", "connecting", "reconnecting", "unavailable"].map((key) => t.prices[key]);
  assert.ok(statuses.includes(await prices.locator(".feed-status").innerText()));
  assert.deepEqual(await prices.locator("li.price-row").evaluateAll((rows) => rows.map((r) => r.dataset.coin)), COINS);
  for (const coin of COINS) {
    const row = prices.locator(`li[data-coin="${coin}"]`);
    if ((await row.locator(".coin-last").count()) === 0)
      assert.equal((await row.locator(".coin-missing").innerText()).trim(), t.prices.noPrice, coin);
  }

  // Sixteen tiles, localized, each opening its game's home room.
  const tiles = page.locator("a.tile");
  assert.equal(await tiles.count(), 16);
  const shown = await tiles.evaluateAll((links) =>
    links.map((a) => ({
      key: a.dataset.game,
      href: a.getAttribute("href"),
      title: a.querySelector(".tile-title")?.textContent,
    })),
  );
  assert.deepEqual(
    Object.fromEntries(shown.map((s) => [s.key, s.href])),
    Object.fromEntries(Object.entries(TILE_ROOMS).map(([k, room]) => [k, `/activity/${room}`])),
  );
  for (const tile of shown) assert.equal(tile.title, t.game.games[tile.key], `tile ${tile.key} in ${lng}`);
  // The first rows' tile images load at once and none is broken.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('a.tile img[loading="eager"]')].every((img) => img.complete),
  );
  const broken = await page
    .locator('a.tile img[loading="eager"]')
    .evaluateAll((imgs) => imgs.filter((img) => img.naturalWidth === 0).map((img) => img.src));
  assert.deepEqual(broken, [], "no broken tile image");
}

async function articles(page, { lng, news, notice }, t, shot) {
  await page.goto("/help/list");
  await page.getByRole("heading", { level: 1, name: t.news.title }).waitFor();
  const tabs = page.getByRole("navigation", { name: t.news.tabs });
  await eventually(async () => assert.equal(await textOf(tabs.locator('[aria-current="page"]')), t.groups.news));

  await page.getByRole("link", { name: news.title }).click();
  await page.waitForURL(`**/help/${news.id}`);
  await openArticle(page, lng, news, t.groups.news);
  await shot(`${lng}-article`);

  await page.getByRole("link", { name: t.common.back, exact: true }).click();
  await page.waitForURL("**/help/list?tab=news");
  await tabs.getByRole("link", { name: t.groups.announcements, exact: true }).click();
  await page.waitForURL("**/help/list?tab=announcements");
  // the URL changes before React renders the new tab
  await eventually(async () =>
    assert.equal(await textOf(tabs.locator('[aria-current="page"]')), t.groups.announcements),
  );
  await page.getByRole("link", { name: notice.title }).click();
  await page.waitForURL(`**/help/${notice.id}`);
  await openArticle(page, lng, notice, t.groups.announcements);
}

/** The article page: the group as the header, the title, a date and the body in the chosen language. */
async function openArticle(page, lng, { title, body }, group) {
  await page.locator("article h1").filter({ hasText: title }).waitFor();
  await eventually(async () => assert.equal(await textOf(page.locator("header.page-header h1")), group));
  assert.equal(await page.locator("article").getAttribute("lang"), lng);
  await page.locator("article time").waitFor();
  assert.match(
    await page.locator(".article-body").innerText(),
    new RegExp(body.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  );
  assert.equal(await page.locator(".article-body script, .article-body [onerror], .article-body [onclick]").count(), 0);
}

async function support(page, t) {
  // The seed sets no chat link: the tab bar's Service opens the app's own support page.
  await page.goto("/");
  await page
    .getByRole("navigation", { name: t.common.tabs.label })
    .getByRole("link", { name: t.common.tabs.service })
    .click();
  await page.waitForURL("**/ServicePage");
  await page.getByRole("heading", { level: 1, name: t.service.title }).waitFor();
  await page.getByText(t.service.unavailable).waitFor();
  assert.equal(await page.getByTestId("kefu-link").count(), 0, "no chat link nobody set");
  await page.getByText(t.service.safety).waitFor();
  await page.getByRole("heading", { name: t.service.helpTitle }).waitFor();
}

async function versionPage(page, t) {
  await page.goto("/my_update");
  await page.getByRole("heading", { level: 1, name: t.update.title }).waitFor();
  // The seed configures no app URLs, so both say "coming soon" rather than offering a dead download.
  for (const [key, label] of [
    ["android", t.update.android],
    ["ios", t.update.ios],
  ]) {
    const row = page.getByTestId(`app-${key}`);
    assert.equal(await row.locator(".app-label").innerText(), label);
    assert.equal(await row.locator(".coming-soon").innerText(), t.update.comingSoon);
    assert.equal(await row.locator("a").count(), 0);
  }
  await page.getByRole("heading", { name: t.update.webApp }).waitFor();
  await page.getByText(t.update.webAppText).waitFor();
  // Headless Chromium offers no install prompt: the hydrated card gives the browser-menu instructions.
  await page
    .getByText(t.update.menuHint)
    .or(page.getByRole("button", { name: t.update.install }))
    .first()
    .waitFor();
}

async function guestTile(page, t) {
  await page.goto("/");
  await page.locator('a.tile[data-game="lucky28"]').click();
  await page.waitForURL("**/login?redirectTo=%2Factivity%2F1");
  await page.getByRole("heading", { level: 1, name: t.common.login.title }).waitFor();
}
