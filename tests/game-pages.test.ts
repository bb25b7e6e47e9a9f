import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count, expectMoneyInvariants } from "./helpers";
import { Browser, ORIGIN } from "./pages";
import { balanceOf, closeBetting, currentRound, finishRound, placeOk, playerWith, reschedule } from "./rooms-helpers";
import { rooms } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The game room screens as a browser without JavaScript uses them: every step is a plain page or form.

/** A form post with repeated fields (option=0&option=3), as a browser sends checked boxes. */
async function post(browser: Browser, path: string, pairs: Array<[string, string]>) {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const response = await exports.default.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      cookie,
      origin: ORIGIN,
      host: new URL(ORIGIN).host,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(pairs).toString(),
    redirect: "manual",
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    if (/max-age=0\b/i.test(line) || !value) browser.cookies.delete(name.trim());
    else browser.cookies.set(name.trim(), value);
  }
  return response;
}

async function playerBrowser(cents: number) {
  const player = await playerWith(cents);
  return { player, browser: await new Browser().logIn(player.username, player.password) };
}

async function page(browser: Browser, path: string) {
  const response = await browser.get(path);
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("entering a room", () => {
  it.each(["/activity/1", "/bjsc/4", "/room_list/1", "/betlist", "/rules/1"])(
    "sends a guest from %s to login",
    async (path) => {
      const { status, location } = await page(new Browser(), path);
      expect(status).toBe(302);
      expect(location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it("answers 404 for a malformed room id or currency tab", async () => {
    const browser = await new Browser().logIn();
    for (const path of ["/activity/abc", "/activity/0", "/bjsc/-1", "/room_list/9", "/rules/x"]) {
      expect((await page(browser, path)).status, path).toBe(404);
    }
  });

  it("shows the room: balance, round, countdown, odds grid and the option names", async () => {
    const { html, status } = await page(await new Browser().logIn(), "/activity/1");
    expect(status).toBe(200);
    expect(html).toContain("10,000.00");
    expect(html).toMatch(/Round \d+/);
    expect(html).toMatch(/class="countdown-clock">\d\d:\d\d</);
    expect(html.match(/name="option"/g)).toHaveLength(11);
    for (const label of ["Big odd", "Extreme small", "Triple", "17.000", "95.000"]) expect(html).toContain(label);
    expect(html).toContain('href="/recharge"');
  });

  it("labels the clock for what it counts: the close of betting while open, then the draw", async () => {
    const browser = await new Browser().logIn();
    await reschedule(9, 50_000, 110_000);
    const open = (await page(browser, "/activity/9")).html;
    expect(open).toMatch(/countdown-label">Betting closes in<\/span><span class="countdown-clock">00:(49|50)</);
    expect(open).toMatch(/Draw in 01:(49|50)/);
    await closeBetting(9);
    const closed = (await page(browser, "/activity/9")).html;
    expect(closed).toMatch(
      /countdown-label">Betting closed · draw in<\/span><span class="countdown-clock">00:(29|30)</,
    );
    expect(closed).not.toContain("Betting closes in");
  });

  it("shows room 16 with four options and Racing 10 with its forty-option rank grid", async () => {
    const browser = await new Browser().logIn();
    const four = await page(browser, "/activity/16");
    expect(four.html.match(/name="option"/g)).toHaveLength(4);
    const racing = await page(browser, "/bjsc/4");
    expect(racing.html.match(/name="option"/g)).toHaveLength(40);
    expect(racing.html).toContain("Rank 10");
    expect(racing.html.match(/1\.980/g)!.length).toBeGreaterThanOrEqual(40);
  });

  it("keeps each game on its own screen", async () => {
    const browser = await new Browser().logIn();
    expect(await page(browser, "/activity/4")).toMatchObject({ status: 302, location: "/bjsc/4" });
    expect(await page(browser, "/bjsc/1?record=1")).toMatchObject({ status: 302, location: "/activity/1?record=1" });
  });

  it("refuses entry below the VIP level (2055), below minjoin (2004 with the number) and when trading stopped (1020)", async () => {
    const { browser } = await playerBrowser(0);
    const vip = await page(browser, "/activity/2");
    expect(vip.html).toContain("Your VIP level is not high enough");
    expect(vip.html).not.toContain('name="option"');
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET minjoin_cents = 2500000 WHERE id = 9`).run();
    const poor = await page(browser, "/activity/9");
    expect(poor.html).toContain("Balance cannot be less than 25000");
    expect(poor.html).toContain('href="/recharge"');
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 0 WHERE id = 15`).run();
    expect((await page(browser, "/activity/15")).html).toContain("Trading has stopped");
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET minjoin_cents = 0 WHERE id = 9`).run();
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 1 WHERE id = 15`).run();
  });

  it("speaks the player's language", async () => {
    const browser = await new Browser().logIn();
    browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify("zh-CN"))));
    const { html } = await page(browser, "/activity/1");
    for (const label of ["大单", "极小", "豹子", "购买", "余额"]) expect(html).toContain(label);
  });
});

describe("buying without JavaScript", () => {
  it("reviews the picks with the room's odds, then pays, shows the bet and takes the money", async () => {
    const { player, browser } = await playerBrowser(100_000);
    const round = await currentRound(1);
    const review = await post(browser, "/activity/1", [
      ["intent", "review"],
      ["option", "0"],
      ["option", "6"],
      ["amount", "50"],
    ]);
    expect(review.status).toBe(200);
    const html = await review.text();
    expect(html).toContain("Confirm your order");
    expect(html).toContain('value="0:1.98"');
    expect(html).toContain('value="6:3.6"');
    expect(html).toContain(`name="gameid" value="${round.roundId}"`);
    expect(await count("orders", "user_id = ?", player.userId)).toBe(0);

    const paid = await post(browser, "/activity/1", [
      ["intent", "order"],
      ["gameid", String(round.roundId)],
      ["pick", "0:1.98"],
      ["pick", "6:3.6"],
      ["amount", "50"],
    ]);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe("/activity/1");
    expect(await balanceOf(player.userId)).toBe(90_000);
    const after = await page(browser, "/activity/1");
    expect(after.html).toContain("Order placed");
    expect(after.html).toContain("900.00");
    expect(after.html.match(/class="live-row mine"/g)).toHaveLength(2);
    await expectMoneyInvariants();
  });

  it.each([
    ["no option", [["amount", "50"]], "Please select at least one option"],
    [
      "ten options",
      [...Array.from({ length: 10 }, (_, i) => ["option", String(i)]), ["amount", "50"]],
      "at most 9 options",
    ],
    [
      "a zero amount",
      [
        ["option", "0"],
        ["amount", "0"],
      ],
      "Enter a whole amount above 0",
    ],
    [
      "a decimal amount",
      [
        ["option", "0"],
        ["amount", "2.5"],
      ],
      "Enter a whole amount above 0",
    ],
    [
      "less than minbuy",
      [
        ["option", "0"],
        ["amount", "19"],
      ],
      "The order must total at least 20",
    ],
    [
      "more than the balance",
      [
        ["option", "0"],
        ["option", "1"],
        ["amount", "600"],
      ],
      "Insufficient balance",
    ],
    [
      "an option the room lacks",
      [
        ["option", "0"],
        ["option", "99"],
        ["amount", "50"],
      ],
      "Order failed",
    ],
  ])("refuses %s at the review step, next to the field", async (_name, fields, message) => {
    const { browser } = await playerBrowser(100_000);
    const response = await post(browser, "/activity/1", [["intent", "review"], ...(fields as Array<[string, string]>)]);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("lets the server refuse tampered odds (1031), another round (1029) and a closed round, writing nothing", async () => {
    const { player, browser } = await playerBrowser(100_000);
    const round = await currentRound(1);
    const tampered = await post(browser, "/activity/1", [
      ["intent", "order"],
      ["gameid", String(round.roundId)],
      ["pick", "0:5"],
      ["amount", "50"],
    ]);
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("Order failed");
    const stale = await post(browser, "/activity/1", [
      ["intent", "order"],
      ["gameid", String(round.roundId + 1000)],
      ["pick", "0:1.98"],
      ["amount", "50"],
    ]);
    expect(await stale.text()).toContain("Not in betting time");
    await closeBetting(1);
    try {
      const late = await post(browser, "/activity/1", [
        ["intent", "review"],
        ["option", "0"],
        ["amount", "50"],
      ]);
      expect(await late.text()).toContain("Betting has stopped for this round");
      const closedPage = await page(browser, "/activity/1");
      expect(closedPage.html).toContain('class="round-panel phase-closed"');
      expect(closedPage.html.match(/name="option" disabled=""/g)).toHaveLength(11);
      expect(closedPage.html).not.toContain(">Follow<");
      expect(await count("orders", "user_id = ?", player.userId)).toBe(0);
      expect(await balanceOf(player.userId)).toBe(100_000);
    } finally {
      await finishRound(1);
    }
  });

  it("answers a script's order with data instead of a redirect", async () => {
    const { player, browser } = await playerBrowser(100_000);
    const round = await currentRound(1);
    const response = await post(browser, "/activity/1", [
      ["intent", "order"],
      ["gameid", String(round.roundId)],
      ["pick", "1:1.98"],
      ["amount", "30"],
      ["js", "1"],
    ]);
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(await balanceOf(player.userId)).toBe(97_000);
    await expectMoneyInvariants();
  });
});

describe("cancelling and settling", () => {
  it("asks before cancelling an own order, refunds it, and refuses another player's", async () => {
    const { player, browser } = await playerBrowser(100_000);
    const other = await playerWith(100_000);
    const mine = await placeOk(player.token, 1, [[0, 1.98, 40]]);
    const theirs = await placeOk(other.token, 1, [[1, 1.98, 40]]);
    const ask = await page(browser, `/activity/1?cancel=${mine.order_id}`);
    expect(ask.html).toContain("Cancel this order?");
    expect(ask.html).toContain(`name="order_id" value="${mine.order_id}"`);
    const refused = await post(browser, "/activity/1", [
      ["intent", "cancel"],
      ["order_id", String(theirs.order_id)],
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Order not found");
    const done = await post(browser, "/activity/1", [
      ["intent", "cancel"],
      ["order_id", String(mine.order_id)],
    ]);
    expect(done.status).toBe(302);
    expect(await balanceOf(player.userId)).toBe(100_000);
    expect(await balanceOf(other.userId)).toBe(96_000);
    expect((await page(browser, "/activity/1")).html).toContain("Order cancelled and refunded");
    await expectMoneyInvariants();
  });

  it("shows the award after the draw in the balance, the room and the bet records", async () => {
    const { player, browser } = await playerBrowser(100_000);
    // Big and small: exactly one of them wins every Lucky 28 round.
    await placeOk(player.token, 1, [
      [0, 1.98, 50],
      [1, 1.98, 50],
    ]);
    const drawn = await finishRound(1);
    expect(await balanceOf(player.userId)).toBe(100_000 - 10_000 + 9_900);
    const room = await page(browser, "/activity/1");
    expect(room.html).toContain(`Round ${drawn.seqno}: 99.00 paid on 100.00 staked, a loss of 1.00`);
    expect(room.html).toContain("999.00");
    const won = await page(browser, "/betlist?type=won");
    expect(won.html.match(/class="bet-card status-won"/g)).toHaveLength(1);
    expect(won.html).toContain("99.00");
    const lost = await page(browser, "/betlist?type=lost");
    expect(lost.html.match(/class="bet-card status-lost"/g)).toHaveLength(1);
    expect((await page(browser, "/betlist?type=pending")).html).toContain("No bets here yet.");
    await expectMoneyInvariants();
  });
});
