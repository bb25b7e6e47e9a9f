import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { Browser } from "./pages";
import { currentRound, placeOk, playerWith } from "./rooms-helpers";
import { PAY_PASSWORD, addBank, operator, player } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { rounds, orders, bets, withdrawalRequests, depositRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The console's figures read as what they are: a round in play with its stakes, a voided round as
// refunded, a house loss drawn as a loss with its figure readable, an audit row's recorded values in words.

// the words a reader sees: scripts (the page's data for hydration) left out
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function page(browser: Browser, path: string) {
  const response = await browser.get(path);
  const html = await response.text();
  expect(response.status, path).toBe(200);
  return html;
}

/** The cells of the rounds table's row of a round, by the seqno in its first cell. */
function roundRow(html: string, seqno: number) {
  const rows = html.match(/<tr[^>]*>[\s\S]*?<\/tr>/g) ?? [];
  const row = rows.find((r) => new RegExp(`^<tr[^>]*>\\s*<td[^>]*>\\s*(<div[^>]*>)?\\s*${seqno}\\b`).test(r));
  expect(row, `round ${seqno}`).toBeTruthy();
  return [...row!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => text(m[1]).trim());
}

describe("a room's rounds", () => {
  it("show the round in play with its stakes, and a voided round as refunded, never awaiting its draw", async () => {
    const p = await playerWith(100_000);
    await placeOk(p.token, 16, [[0, 1.98, 500]]);
    const live = await currentRound(16);
    const browser = await operatorBrowser();
    const heads = (html: string) =>
      [...html.matchAll(/<th[^>]*scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) => text(m[1]).trim());
    let html = await page(browser, "/admin/rooms/16");
    // the rounds table: the last table of the page
    const columns = heads(html.slice(html.lastIndexOf("<table")));
    const cells = roundRow(html, live.seqno);
    expect(cells[columns.indexOf("Turnover")]).not.toBe("0.00 USD");
    expect(cells.join(" | ")).toContain("500.00 USD");
    expectOk(
      await api("/api/admin/rounds/void", {
        token: await operatorLogin(),
        roundId: live.roundId,
        reason: "#technical",
      }),
    );
    html = await page(browser, "/admin/rooms/16");
    const voided = roundRow(html, live.seqno).join(" | ");
    expect(voided).toContain("500.00 USD refunded");
    expect(voided).not.toMatch(/in play|awaiting/i);
    // the count of voids by kind, in each language's own punctuation (full-width brackets and 、 in Chinese)
    const voidCount = (h: string) => text(/<p class="muted void-count">([\s\S]*?)<\/p>/.exec(h)?.[1] ?? "").trim();
    expect(voidCount(html)).toMatch(/^Voided rounds in this room: \d+ \(.+ \d+\)$/);
    for (const lng of ["zh-CN", "zh-TW"]) {
      const zh = voidCount(await page(browser, `/admin/rooms/16?lng=${lng}`));
      expect(zh, lng).toMatch(/：\d+（[^()]+ \d+）$/);
      expect(zh, lng).not.toMatch(/[(),]/);
    }
    await expectMoneyInvariants();
  });
});

describe("insight", () => {
  it("draws a house loss as a loss, its scale figure above the bars", async () => {
    const p = await playerWith(0);
    const now = Date.now();
    // a settled round today where the player won 99.00 on a 50.00 stake: the house lost 49.00 in room 11
    const round = await env.DB.prepare(
      `INSERT INTO ${quotedTable(rounds)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status, settled_at_ms) VALUES (11, 990001, 1, ?, ?, ?, 'c', 'settled', ?) RETURNING id`,
    )
      .bind(now - 120_000, now - 60_000, now - 30_000, now - 30_000)
      .first<{ id: number }>();
    const order = await (
      await playerD1(p.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(orders)} (ordersn, user_id, room_id, round_id, total_cents, created_at_ms) VALUES ('loss-1', ?, 11, ?, 5000, ?) RETURNING id`,
      )
      .bind(p.userId, round!.id, now - 90_000)
      .first<{ id: number }>();
    await (
      await playerD1(p.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(bets)} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, award_cents, isaward, created_at_ms) VALUES (?, ?, ?, 0, 1980, 5000, 9900, 1, ?)`,
      )
      .bind(order!.id, p.userId, round!.id, now - 90_000)
      .run();
    const browser = await operatorBrowser();
    const html = await page(browser, "/admin/insight?room=11");
    const house = /<svg[^>]*>(?:(?!<\/svg>)[\s\S])*?<title[^>]*>House result[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    expect(house).not.toBe("");
    const bars = [...house.matchAll(/<rect[^>]*class="([^"]*)"/g)].map((m) => m[1]);
    expect(bars.some((c) => /\bloss\b/.test(c))).toBe(true);
    expect(bars.filter((c) => /\bloss\b/.test(c)).every((c) => !/tone-c/.test(c))).toBe(true);
    // the figure of the lowest day is written after (over) the bars, never under one
    expect(house.indexOf("-49.00 USD")).toBeGreaterThan(house.lastIndexOf("<rect"));
  });
});

describe("the audit log", () => {
  it("reads recorded values in words in the operator's language, money formatted, no raw record", async () => {
    const p = await playerWith(0);
    expectOk(
      await api("/api/admin/adjust", {
        token: await operatorLogin(),
        userId: p.userId,
        money: "1234.5",
        text: "bonus",
        reason: "welcome",
        request_id: "audit-words-1",
      }),
    );
    const browser = await operatorBrowser();
    const html = await page(browser, `/admin/audit?target=${encodeURIComponent(`user:${p.userId}`)}`);
    expect(html).not.toContain("&quot;balance&quot;");
    expect(html).not.toContain('"balance":');
    const words = text(html);
    expect(words).toMatch(/Balance:? 0\.00 USD → 1,234\.50 USD/);
    expect(words).toMatch(/Text the player reads:? Bonus/);
    expect(words).toMatch(/Internal note:? welcome/);
    const zh = new Browser();
    zh.cookies = new Map(browser.cookies);
    await zh.post("/languageSet", { lng: "zh-CN" }).then((r) => r.body?.cancel());
    const zhWords = text(await page(zh, `/admin/audit?target=${encodeURIComponent(`user:${p.userId}`)}`));
    expect(zhWords).toContain("余额");
    expect(zhWords).not.toMatch(/audit\.fields\./);
    await zh.post("/languageSet", { lng: "en" }).then((r) => r.body?.cancel());
  });

  it("folds nothing of routine decisions: a rejected withdrawal and a deposit two operators approved read in words", async () => {
    // 20,000.00 is past one operator's credit: admin approves first, the cashier credits it
    const p = await player(2_000_000);
    const card = await addBank(p.token);
    expectOk(await api("/api/Game/withdraw", { token: p.token, bank_id: card.id, money: "50", pwd: PAY_PASSWORD }));
    const withdrawal = await (
      await playerD1(p.id)
    )
      .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(p.id)
      .first<{ id: number }>();
    expectOk(
      await api("/api/admin/withdrawals/reject", { token: await operator(), id: withdrawal!.id, note: "#other" }),
    );
    const deposit = await (
      await playerD1(p.id)
    )
      .prepare(`SELECT id FROM ${quotedTable(depositRequests)} WHERE user_id = ?`)
      .bind(p.id)
      .first<{ id: number }>();
    const browser = await operatorBrowser();
    for (const target of [`withdrawal:${withdrawal!.id}`, `deposit:${deposit!.id}`]) {
      const html = await page(browser, `/admin/audit?target=${encodeURIComponent(target)}`);
      expect(html, target).toContain('data-testid="audit-row"');
      expect(html, target).not.toContain("audit-json");
    }
    expect(text(await page(browser, `/admin/audit?target=withdrawal:${withdrawal!.id}`))).toMatch(
      /Given back:? 50\.00 USD/,
    );
    await expectMoneyInvariants();
  });
});
