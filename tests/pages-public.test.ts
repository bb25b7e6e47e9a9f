import { databasesOf } from "../worker/db/databases";
import { createCookie } from "@remix-run/cloudflare";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { login } from "./helpers";
import { saveArticleStatement } from "../worker/content/article-queries";
import { settings, articles } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const LOCALES = [
  { lng: "en", file: "en", prices: "Prices unavailable", news: "Welcome to Roundtable", login: "Log in" },
  { lng: "zh-CN", file: "zh-CN", prices: "行情暂不可用", news: "欢迎来到 Roundtable", login: "登录" },
  { lng: "zh-TW", file: "zh-TW", prices: "行情暫不可用", news: "歡迎來到 Roundtable", login: "登入" },
  { lng: "vi", file: "vi", prices: "Chưa có giá", news: "Chào mừng đến với Roundtable", login: "Đăng nhập" },
] as const;

async function page(path: string, { lng = "en", cookie = "" } = {}) {
  const response = await exports.default.fetch(`https://app.test${path}`, {
    headers: { "accept-language": lng, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

async function playerCookie() {
  const token = await login("demo01", "demo1234");
  const cookie = createCookie("__session", {
    secrets: [env.SESSION_SECRET],
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
  });
  return (await cookie.serialize(token)).split(";")[0];
}

async function setSetting(key: string, value: string) {
  await env.DB.prepare(
    `INSERT INTO ${quotedTable(settings)} (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  )
    .bind(key, JSON.stringify(value))
    .run();
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern.source, "g"))?.length ?? 0;

describe("home page for guests", () => {
  for (const l of LOCALES) {
    it(`shows banners, a log-in prompt, sixteen tiles and the prices area in ${l.lng}`, async () => {
      const { status, html } = await page("/", { lng: l.lng });
      expect(status).toBe(200);
      expect(html).toContain(`<html lang="${l.lng}"`);
      expect(html).toMatch(new RegExp(`<img src="/banners/fair-${l.file}\\.svg" alt="[^"]+" width="750" height="300"`));
      expect(count(html, /<img src="\/banners\//)).toBe(3);
      // The first slide, the page's largest paint, is fetched first; the others wait until shown.
      expect(count(html, /<img src="\/banners\/[^>]*fetchpriority="high"/)).toBe(1);
      expect(html).toMatch(
        new RegExp(`<img src="/banners/fair-${l.file}\\.svg"[^>]*loading="eager"[^>]*fetchpriority="high"`),
      );
      expect(html).toContain(l.login);
      expect(html).toContain('href="/login"');
      // Sixteen tiles, each with a sized image, opening the standard room of its own draw.
      const tileLinks = [...html.matchAll(/<a\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes('class="tile"'));
      const rooms = tileLinks.map((tag) => Number(/href="\/activity\/(\d+)"/.exec(tag)?.[1]));
      expect(rooms).toHaveLength(16);
      expect(new Set(rooms)).toEqual(new Set([1, 4, 9, 15, 16]));
      expect(
        count(html, /<img src="\/tiles\/[a-z0-9]+\.svg" alt="" width="64" height="64" loading="(eager|lazy)"/),
      ).toBe(16);
      expect(count(html, /<img src="\/tiles\/[^"]+" alt="" width="64" height="64" loading="lazy"/)).toBe(8);
      // Eight coins, no invented prices.
      expect(html).toContain(l.prices);
      for (const coin of ["BTC", "ETH", "USDT", "BNB", "SOL", "USDC", "DOGE", "TRX"])
        expect(html).toContain(`data-coin="${coin}"`);
      expect(html).not.toMatch(/class="coin-last"/);
      expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
    });
  }

  it("sends a guest who opens a tile to the log-in page, then back to the room", async () => {
    const { status, location } = await page("/activity/16");
    expect(status).toBe(302);
    expect(location).toBe("/login?redirectTo=%2Factivity%2F16");
  });
});

describe("home page for a player", () => {
  it("greets the player by nickname with the balance", async () => {
    const { status, html } = await page("/", { cookie: await playerCookie() });
    expect(status).toBe(200);
    expect(html).toContain("Hello, demo01");
    expect(html).toMatch(
      /data-testid="home-balance"><span class="money">(<!-- -->)?10,000\.00(<!-- -->)? <small>USD<\/small>/,
    );
    expect(html).not.toContain('href="/login"');
  });
});

describe("news and articles for guests", () => {
  for (const l of LOCALES) {
    it(`lists news, announcements and help in ${l.lng}`, async () => {
      const news = await page("/help/list", { lng: l.lng });
      expect(news.status).toBe(200);
      expect(news.html).toContain(l.news);
      expect(count(news.html, /href="\/help\/90\d"/)).toBe(4);
      const announcements = await page("/help/list?tab=announcements", { lng: l.lng });
      expect(count(announcements.html, /href="\/help\/140\d"/)).toBe(4);
      const help = await page("/help/list?tab=help", { lng: l.lng });
      expect(count(help.html, /href="\/help\/260\d"/)).toBe(7); // six help articles and the user agreement
    });

    it(`opens an article at /help/{id} and /info/{id} in ${l.lng}`, async () => {
      const viaHelp = await page("/help/901", { lng: l.lng });
      expect(viaHelp.status).toBe(200);
      expect(viaHelp.html).toContain(`<h1>${l.news}</h1>`);
      expect(viaHelp.html).toContain('href="/help/list?tab=news"');
      const viaInfo = await page("/info/2603", { lng: l.lng });
      expect(viaInfo.status).toBe(200);
      expect(viaInfo.html).toContain("SHA-256");
    });
  }

  it("titles every screen in the player's language and describes the app", async () => {
    const expected = {
      en: ["<title>News · Roundtable</title>", "<title>Log in · Roundtable</title>", "<title>Roundtable</title>"],
      "zh-CN": ["<title>新闻 · Roundtable</title>", "<title>登录 · Roundtable</title>", "<title>Roundtable</title>"],
      "zh-TW": ["<title>新聞 · Roundtable</title>", "<title>登入 · Roundtable</title>", "<title>Roundtable</title>"],
      vi: ["<title>Tin tức · Roundtable</title>", "<title>Đăng nhập · Roundtable</title>", "<title>Roundtable</title>"],
    };
    for (const [lng, titles] of Object.entries(expected)) {
      const pages = await Promise.all(["/help/list", "/login", "/"].map((path) => page(path, { lng })));
      pages.forEach(({ html }, i) => {
        expect(html).toContain(titles[i]);
        expect(html.match(/<title>/g)).toHaveLength(1);
        expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      });
    }
  });

  it("answers an unknown path with a 404 page in the player's language, named by <html lang>", async () => {
    for (const [lng, text] of [
      ["en", "This page does not exist"],
      ["zh-CN", "页面不存在"],
      ["zh-TW", "頁面不存在"],
      ["vi", "Trang không tồn tại"],
    ]) {
      const { status, html } = await page("/no-such-screen", { lng });
      expect(status).toBe(404);
      expect(html).toContain(`<html lang="${lng}"`);
      expect(html).toContain(text);
    }
  });

  it("answers 404 for an unknown or malformed article id", async () => {
    expect((await page("/help/999999")).status).toBe(404);
    expect((await page("/info/abc")).status).toBe(404);
    expect((await page("/info/1e3")).status).toBe(404);
  });

  it("pages long lists with links that work without JavaScript", async () => {
    const now = Date.now();
    const inserts = Array.from({ length: 11 }, (_, i) =>
      env.DB.prepare(
        `INSERT INTO ${quotedTable(articles)} (id, group_id, title, title_yw, content_yw, created_at_ms) VALUES (?, 9, ?, ?, '<p>x</p>', ?)`,
      ).bind(81_000 + i, `新闻 ${i}`, `Extra ${i}`, now + i),
    );
    await env.DB.batch(inserts);
    try {
      const first = await page("/help/list");
      expect(first.html).toContain('href="/help/list?tab=news&amp;page=2"');
      const second = await page("/help/list?tab=news&page=2");
      expect(second.html).toContain('href="/help/list?tab=news&amp;page=1"');
      expect(count(second.html, /href="\/help\/\d+"/)).toBe(5);
      expect((await page("/help/list?page=-4")).status).toBe(200);
    } finally {
      await env.DB.prepare(`DELETE FROM ${quotedTable(articles)} WHERE id >= 81000 AND id < 82000`).run();
    }
  });
});

describe("a hostile article", () => {
  it("cannot run script on its page (written the one way articles are written, docs/decisions/101)", async () => {
    const hostile = `<p>Readable part</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">a</a><svg onload=alert(4)>`;
    await saveArticleStatement(databasesOf(env).control, {
      id: 90001,
      groupId: 14,
      title: "x",
      titleYw: "Hostile",
      content: hostile,
      contentYw: hostile,
      createdAtMs: 1,
    });
    const { status, html } = await page("/info/90001");
    expect(status).toBe(200);
    expect(html).toContain("Readable part");
    expect(html).not.toMatch(/alert\(|onerror|onload|javascript:/i);
  });
});

describe("messages and current trades need a log-in", () => {
  for (const path of ["/message", "/message?tab=announcements", "/current/16"]) {
    it(`sends a guest from ${path} to /login`, async () => {
      const { status, location } = await page(path);
      expect(status).toBe(302);
      expect(location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    });
  }

  it("shows a player news and announcements as expandable items", async () => {
    const cookie = await playerCookie();
    const news = await page("/message", { cookie, lng: "zh-TW" });
    expect(news.status).toBe(200);
    expect(count(news.html, /<details class="expandable"/)).toBe(4);
    expect(news.html).toContain("歡迎來到 Roundtable");
    const announcements = await page("/message?tab=announcements&open=1402", { cookie });
    expect(announcements.html).toContain("We never ask for your passwords");
    expect(announcements.html).toMatch(/<details class="expandable" open="" id="article-1402"/);
  });

  it("shows a player the current trades page", async () => {
    const { status, html } = await page("/current/16", { cookie: await playerCookie() });
    expect(status).toBe(200);
    expect(html).toContain("Current trades");
    expect(html).toContain('href="/activity/16"');
  });
});

describe("support and version pages", () => {
  it("open the configured support link in a new tab", async () => {
    await setSetting("kefu_url", "https://support.example/chat");
    const { status, html } = await page("/ServicePage");
    expect(status).toBe(200);
    expect(html).toMatch(
      /<a class="button" href="https:\/\/support\.example\/chat" target="_blank" rel="noopener noreferrer"/,
    );
  });

  it("never turns an unsafe support link into a link", async () => {
    await setSetting("kefu_url", "javascript:alert(1)");
    const { html } = await page("/ServicePage", { lng: "vi" });
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("Chưa có kênh chat hỗ trợ");
    await setSetting("kefu_url", "");
  });

  it("lists the Android and iOS apps, saying coming soon for a missing one", async () => {
    await setSetting("android_url", "");
    await setSetting("ios_url", "");
    const empty = await page("/my_update", { lng: "zh-CN" });
    expect(empty.status).toBe(200);
    expect(count(empty.html, /即将推出/)).toBe(2);
    await setSetting("android_url", "https://downloads.example/roundtable.apk");
    const { html } = await page("/my_update");
    expect(html).toMatch(/data-testid="app-android">[\s\S]*?href="https:\/\/downloads\.example\/roundtable\.apk"/);
    expect(html).toMatch(/data-testid="app-ios">[\s\S]*?Coming soon/);
    expect(html).toContain("Add Roundtable to your home screen");
    await setSetting("android_url", "");
  });
});
