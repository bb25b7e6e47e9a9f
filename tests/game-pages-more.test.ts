import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { currentRound, finishRound, placeOk, playerWith } from "./rooms-helpers";
import { playerD1 } from "./shard-helpers";
import { rooms, ledger as ledgerTable, rounds } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Room list, the polling and record routes, bet records, trend, rules and fairness pages.

async function page(browser: Browser, path: string) {
  const response = await browser.get(path);
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

async function playerBrowser(cents: number) {
  const player = await playerWith(cents);
  return { player, browser: await new Browser().logIn(player.username, player.password) };
}

describe("room list", () => {
  it("lists the tab's sixteen rooms with kind, minimum to join and what stops this player", async () => {
    const { browser } = await playerBrowser(0);
    const { html, status } = await page(browser, "/room_list/2");
    expect(status).toBe(200);
    expect(html.match(/class="room-card( locked)?"/g)).toHaveLength(16);
    for (const text of [
      "USDT",
      "BTC",
      "ETH",
      "Standard",
      "VIP",
      "Superior",
      "Premier",
      "50,000.00",
      // the level as the player's badge and the console name it (shared/names.ts)
      "Needs VIP 6 · Master",
    ])
      expect(html).toContain(text);
    // Racing 10 rooms open their own screen.
    expect(html).toContain('href="/bjsc/20"');
    expect(html).toContain('href="/activity/17"');
    // a requirement is said once: the level lock stops this player, so no second "VIP n and above"
    expect(html).not.toContain("and above");
    // amounts of every tab carry the app's currency label
    expect(html).toMatch(/To join(<!-- -->)? <strong class="num">50,000.00<\/strong> USD/);
  });

  it("marks a room whose trading stopped", async () => {
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 0 WHERE id = 33`).run();
    const { html } = await page(await new Browser().logIn(), "/room_list/3");
    expect(html).toContain("Trading has stopped in this room");
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 1 WHERE id = 33`).run();
  });
});

describe("live and record routes", () => {
  it("polls the round's real bets with masked names, marking the player's own", async () => {
    const { player, browser } = await playerBrowser(100_000);
    const other = await playerWith(100_000);
    await placeOk(other.token, 15, [[0, 1.98, 25]]);
    await placeOk(player.token, 15, [[1, 1.98, 30]]);
    const round = await currentRound(15);
    const response = await browser.get(`/activity/15/live?seqno=${round.seqno}&gametype=2`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      ok: boolean;
      seqno: number;
      list: Array<{ username: string; mine: boolean; money: number }>;
    };
    expect(answer.ok).toBe(true);
    expect(answer.seqno).toBe(round.seqno);
    const mine = answer.list.filter((row) => row.mine);
    expect(mine.map((row) => row.money)).toEqual([30]);
    expect(
      answer.list.some((row) => row.username === `${other.username.slice(0, 2)}***${other.username.slice(-1)}`),
    ).toBe(true);
    expect(JSON.stringify(answer)).not.toContain(other.username);
  });

  it("sends a guest's poll to login and answers 404 for a bad room", async () => {
    expect((await new Browser().get("/activity/1/live")).status).toBe(302);
    const browser = await new Browser().logIn();
    expect((await browser.get("/activity/x/live")).status).toBe(404);
    expect((await browser.get("/activity/x/record")).status).toBe(404);
  });

  it("pages past results for the record popup, with and without JavaScript", async () => {
    const drawn = await finishRound(16);
    const browser = await new Browser().logIn();
    const response = await browser.get("/activity/16/record?page=1");
    const record = (await response.json()) as { page: number; list: Array<{ seqno: number; seed: string }> };
    expect(record.page).toBe(1);
    expect(record.list[0]).toMatchObject({ seqno: drawn.seqno, seed: drawn.seed });
    const { html } = await page(browser, "/activity/16?record=1");
    expect(html).toContain("Past results");
    expect(html).toContain(`/fairness?room=16&amp;seqno=${drawn.seqno}`);
    // Each round's proof is in the list itself: its commitment and the seed published after the draw.
    expect(html).toContain("Proof: commitment and seed");
    expect(html).toContain(`<code class="hex">${drawn.commit}</code>`);
    expect(html).toContain(`<code class="hex">${drawn.seed}</code>`);
  });
});

describe("bet records", () => {
  it("shows every tab, awaiting draw first, and refuses nothing on odd input", async () => {
    const { player, browser } = await playerBrowser(100_000);
    await placeOk(player.token, 9, [[2, 1.9, 40]]);
    const all = await page(browser, "/betlist");
    for (const tab of ["All", "Won", "Not won", "Awaiting draw"]) expect(all.html).toContain(tab);
    expect(all.html.match(/class="bet-card status-pending"/g)).toHaveLength(1);
    expect(all.html).toContain("1.900");
    expect(all.html).toContain("40.00");
    expect((await page(browser, "/betlist?type=pending")).html.match(/status-pending"/g)!.length).toBeGreaterThan(0);
    expect((await page(browser, "/betlist?type=won")).html).toContain("No bets here yet.");
    const odd = await page(browser, "/betlist?type=%3Cscript%3E&page=-4");
    expect(odd.status).toBe(200);
    expect(odd.html).not.toContain("<script>");
  });
});

describe("one time rule", () => {
  it("shows a bet at the same UTC+8 moment in the bet records and the funds ledger", async () => {
    const { player, browser } = await playerBrowser(100_000);
    await placeOk(player.token, 1, [[0, 1.98, 20]]);
    const placedAt = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT created_at_ms AS ms FROM ${quotedTable(ledgerTable)} WHERE user_id = ? AND type = 'bet'`)
      .bind(player.userId)
      .first<{ ms: number }>();
    const utc8 = new Date(placedAt!.ms + 8 * 3600_000).toISOString();
    const [date, clock] = [utc8.slice(0, 10), utc8.slice(11, 16)];
    const records = (await page(browser, "/betlist")).html;
    // one way to write a time, the zone named once above the list rather than beside every row
    expect(records).toContain(`>${date} ${clock}</time>`);
    expect(records).toContain('class="zone-note">Dates and times in UTC+8<');
    const ledger = (await page(browser, "/my_income")).html;
    expect(ledger).toContain(`ledger-date">${date}</h3>`);
    expect(ledger).toContain('class="zone-note">Dates and times in UTC+8<');
    expect(ledger).toContain(`>${clock}</time>`);
    // nothing is left to the device's zone
    expect(records + ledger).not.toMatch(/\d\d:\d\d(:\d\d)? UTC</);
  });
});

describe("trend page", () => {
  it("shows a guest a login prompt and never invents prices", async () => {
    const { html, status } = await page(new Browser(), "/lotteryprize");
    expect(status).toBe(200);
    expect(html).toContain("Log in to see your wins and turnover.");
    // The home strip's component: no feed has given a price in this test, so none is shown.
    expect(html).toContain("Prices unavailable");
    for (const coin of ["BTC", "ETH", "USDT", "BNB", "SOL", "USDC", "DOGE", "TRX"])
      expect(html).toContain(`data-coin="${coin}"`);
    expect(html).not.toMatch(/class="coin-last"/);
    expect(html).toContain('class="tabbar"');
  });

  it("puts the Markets card in the page's one column of cards, as wide as the player's own", async () => {
    const { html } = await page(await new Browser().logIn(), "/lotteryprize");
    // one grid holds the player's cards and the market's, so no card has margins of its own (app/styles/game.css)
    const column = /<div class="trend-cards">([^]*)<\/div><\/main>/.exec(html)?.[1] ?? "";
    expect(column).toMatch(/^<section class="trend-mine" aria-label="Your results">/);
    expect(column).toMatch(/<\/section><section class="column-card prices"/);
    expect(html).not.toContain("home-section");
  });

  it("shows the player's turnover today", async () => {
    const { player, browser } = await playerBrowser(100_000);
    await placeOk(player.token, 1, [[0, 1.98, 120]]);
    const { html } = await page(browser, "/lotteryprize");
    expect(html).toContain("Today");
    expect(html).toContain("120.00");
  });
});

describe("room page", () => {
  it("writes its money with the currency and keeps its tools to one row of links", async () => {
    const { html } = await page(await new Browser().logIn(), "/activity/1");
    expect(html).toContain("Minimum order 20.00 USD");
    expect(html).toContain("0 options · total 0.00 USD");
    // the tools are five links in equal cells (app/styles/game.css .room-tools); the room's kind sits by the order
    const tools = /<nav class="room-tools"[^>]*>([^]*?)<\/nav>/.exec(html)![1];
    expect(tools.match(/<a /g)).toHaveLength(5);
    expect(tools).not.toContain("kind-badge");
    expect(html).toMatch(/<h2 class="section-title"><span>Place[^<]*<span class="kind-badge kind-standard">Standard</);
  });
});

describe("rules page", () => {
  it("shows each option's exact chance, odds and RTP", async () => {
    const browser = await new Browser().logIn();
    const lucky = await page(browser, "/rules/1");
    expect(lucky.html.match(/<th scope="row">/g)).toHaveLength(11);
    expect(lucky.html).toContain("50.00%");
    expect(lucky.html).toContain("99.00%");
    expect(lucky.html).toContain("Sum ≥ 14");
    // Triple: 10 of 1000 draws at 95.000 = 95.00% RTP.
    expect(lucky.html).toContain("1/100");
    expect(lucky.html).toContain("95.000");
    expect(lucky.html).toContain("Every order totals at least 20.00 USD.");
    expect((await page(browser, "/rules/16")).html.match(/<th scope="row">/g)).toHaveLength(4);
    const racing = await page(browser, "/rules/4");
    expect(racing.html.match(/<th scope="row">/g)).toHaveLength(40);
    expect(racing.html).toContain("Car at rank 10 is odd");
    const elevenFive = await page(browser, "/rules/9");
    expect(elevenFive.html).toContain("refunded on sum 30");
    expect(elevenFive.html).toContain("Sum 30");
  });

  it("links the Fairness page inside one sentence, worded whole in each language", async () => {
    const browser = await new Browser().logIn();
    const sentences = {
      en:
        "Every draw is fixed before the round opens; once drawn, any round can be checked on the " +
        '<a href="/fairness">Fairness check</a> page.',
      "zh-CN": '每期结果在开盘前已确定，开奖后可在<a href="/fairness">公平性验证</a>页面自行验证。',
      "zh-TW": '每期結果在開盤前已確定，開獎後可在<a href="/fairness">公平性驗證</a>頁面自行驗證。',
      vi:
        "Kết quả mỗi kỳ được cố định trước khi mở kỳ; sau khi mở thưởng, bạn có thể kiểm tra bất kỳ kỳ nào tại " +
        'trang <a href="/fairness">Kiểm tra công bằng</a>.',
    };
    for (const [lng, sentence] of Object.entries(sentences)) {
      const { html } = await page(browser, `/rules/1?lng=${lng}`);
      // the paragraph holds the sentence and its link alone: no words glued on around a link of its own
      expect(html.replace(/<!-- -->/g, "").replace(/ data-discover="true"/g, ""), lng).toContain(`<p>${sentence}</p>`);
    }
  });

  it("follows the room's live odds", async () => {
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET rates_milli = ? WHERE id = 16`)
      .bind(JSON.stringify([1900, 1980, 1980, 1980]))
      .run();
    const { html } = await page(await new Browser().logIn(), "/rules/16");
    expect(html).toContain("1.900");
    expect(html).toContain("95.00%");
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET rates_milli = ? WHERE id = 16`)
      .bind(JSON.stringify([1980, 1980, 1980, 1980]))
      .run();
  });
});

describe("fairness page", () => {
  it("verifies a drawn round from its published seed, for anyone", async () => {
    const drawn = await finishRound(4);
    const { html, status } = await page(new Browser(), `/fairness?room=4&seqno=${drawn.seqno}`);
    expect(status).toBe(200);
    expect(html).toContain("Verified: this round was fair");
    // No BEACON_URL in this project: the page says plainly the draw is commit-reveal only.
    expect(html).toContain("This site draws by commit-reveal only");
    expect(html).toContain(drawn.seed);
    expect(html).toContain(drawn.commit);
    expect(html).toContain(JSON.parse(drawn.numbers).join(" "));
  });

  it("says so when published numbers differ from what the seed draws", async () => {
    const drawn = await finishRound(1);
    const numbers = JSON.parse(drawn.numbers) as number[];
    const forged = [(numbers[0] + 1) % 10, numbers[1], numbers[2]];
    await env.DB.prepare(`UPDATE ${quotedTable(rounds)} SET numbers = ? WHERE id = ?`)
      .bind(JSON.stringify(forged), drawn.id)
      .run();
    const { html } = await page(new Browser(), `/fairness?room=1&seqno=${drawn.seqno}`);
    expect(html).toContain("This round does not verify");
    expect(html).toContain("The seed draws different numbers from the published ones");
  });

  it("shows only the commitment of a round not drawn yet", async () => {
    const round = await currentRound(15);
    const { html } = await page(new Browser(), `/fairness?room=15&seqno=${round.seqno}`);
    expect(html).toContain(`Round ${round.seqno} has not been drawn yet`);
    expect(html).toContain(round.commit);
  });

  it("checks a seed and commitment typed by hand", async () => {
    const drawn = await finishRound(16);
    const base = `/fairness?mode=manual&room=16&seqno=${drawn.seqno}&gametype=1&seed=${drawn.seed}`;
    expect((await page(new Browser(), `${base}&commit=${drawn.commit}`)).html).toContain(
      "Verified: this round was fair",
    );
    const wrong = await page(new Browser(), `${base}&commit=${"0".repeat(64)}`);
    expect(wrong.html).toContain("The seed does NOT match the commitment");
  });

  it("explains bad input next to each field", async () => {
    const { html, status } = await page(
      new Browser(),
      "/fairness?mode=manual&room=abc&seqno=1&gametype=7&seed=XYZ&commit=",
    );
    expect(status).toBe(200);
    for (const text of ["Enter a room number", "Choose the game type", "Enter 64 lowercase hex characters"])
      expect(html).toContain(text);
    expect((await page(new Browser(), "/fairness?room=1&seqno=999999")).html).toContain("No active round");
  });
});
