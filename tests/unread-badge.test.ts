import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { player } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { notices } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The count of unread notices on the tab bar's My and the My page's Messages: at most "99+" on screen,
// the dot hidden from screen readers, the whole count in words in the link's name, in four languages.

async function unreadNotices(userId: number, n: number) {
  const shard = await playerD1(userId);
  const insert = shard.prepare(
    `INSERT INTO ${quotedTable(notices)} (user_id, kind, params, notice_key, created_at_ms) VALUES (?, 'depositCredited', ?, ?, ?)`,
  );
  await shard.batch(
    Array.from({ length: n }, (_, i) =>
      insert.bind(userId, JSON.stringify({ id: i + 1, amountCents: 1_000 }), `badge:${userId}:${i}`, Date.now()),
    ),
  );
}

/** The badge as a reader gets it: what the dot shows, whether it is hidden, and the words beside it. */
function badge(html: string, testId: string) {
  const flat = html.replace(/<!-- -->/g, "");
  const found = new RegExp(
    `<span([^>]*data-testid="${testId}"[^>]*)>([^<]*)</span><span class="visually-hidden">([^<]*)</span>`,
  ).exec(flat);
  expect(found, `${testId} in the page`).not.toBeNull();
  return { hidden: found![1].includes('aria-hidden="true"'), shows: found![2], words: found![3].trim() };
}

async function myPage(username: string, lng: string) {
  const browser = await new Browser().logIn(username, "secret123");
  browser.cookies.set("lng", lng);
  const response = await browser.get(`/user?lng=${lng}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("the unread badge", () => {
  it("shows at most 99+ and names the whole count in the reader's language", async () => {
    const p = await player();
    await unreadNotices(p.id, 120);
    const words = {
      en: "120 unread notices",
      "zh-CN": "120 条未读通知",
      "zh-TW": "120 則未讀通知",
      vi: "120 tin chưa đọc",
    };
    for (const [lng, expected] of Object.entries(words)) {
      const html = await myPage(p.username, lng);
      for (const testId of ["tab-unread", "menu-unread"])
        expect(badge(html, testId), `${lng} ${testId}`).toEqual({ hidden: true, shows: "99+", words: expected });
    }
  });

  it("says one notice in the singular and shows the count as it is below 100", async () => {
    const p = await player();
    await unreadNotices(p.id, 1);
    expect(badge(await myPage(p.username, "en"), "tab-unread")).toEqual({
      hidden: true,
      shows: "1",
      words: "1 unread notice",
    });
    const q = await player();
    await unreadNotices(q.id, 99);
    expect(badge(await myPage(q.username, "vi"), "menu-unread")).toEqual({
      hidden: true,
      shows: "99",
      words: "99 tin chưa đọc",
    });
  });
});
