import { describe, expect, it } from "vitest";
import { api, count, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { currentRound, placeOk, playerWith } from "./rooms-helpers";
import { Browser } from "./pages";
import { PAY_PASSWORD, player, requestId } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The screens of "where is my money": the My page's total assets and the statement's own lock-up line.

async function lockedPlayer() {
  const p = await player(400_000);
  expectOk(
    await api("/api/Game/producttransferin", {
      token: p.token,
      product_id: 1,
      money: "100000",
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    }),
  );
  const browser = new Browser();
  await browser.logIn(p.username, "secret123");
  return browser;
}

describe("money screens", () => {
  it("shows total assets, the balance and the funds locked in finance with the next maturity on the My page", async () => {
    const browser = await lockedPlayer();
    const html = await (await browser.get("/user")).text();
    expect(html).toMatch(/data-testid="total-assets"[\s\S]*?Total assets[\s\S]*?400,000\.00/);
    expect(html).toMatch(
      /data-testid="locked-funds"[\s\S]*?Locked in finance[\s\S]*?100,000\.00[\s\S]*?Returns next:[\s\S]*?UTC\+8/,
    );
  });

  it("lists the lock-up on the statement as its own line, with the net result untouched", async () => {
    const browser = await lockedPlayer();
    const html = await (await browser.get("/user/statement?type=all")).text();
    expect(html).toMatch(/data-line="lockups"[\s\S]*?Finance lock-ups[\s\S]*?-(<!-- -->)?100,000\.00/);
    expect(html).not.toContain('data-line="other"');
    expect(html).toMatch(/data-testid="statement-net"[\s\S]*?0\.00/);
  });
});

describe("a refunded bet", () => {
  it("reads Refunded on the bet records, counts as neither win nor loss and is its own statement line", async () => {
    const player = await playerWith(100_000);
    await placeOk(player.token, 15, [[0, 1.98, 50]]);
    const round = await currentRound(15);
    expectOk(
      await api("/api/admin/rounds/void", {
        token: await operatorLogin(),
        roundId: round.roundId,
        reason: "Feed outage",
      }),
    );
    const browser = await new Browser().logIn(player.username, player.password);
    const records = await (await browser.get("/betlist")).text();
    expect(records).toMatch(
      /class="bet-card status-refunded"[\s\S]*?<dt>Refunded<\/dt><dd class="num" data-testid="bet-outcome"><span class="money">(<!-- -->)?50\.00/,
    );
    expect(records).not.toMatch(/status-refunded"[\s\S]*?<dt>Award<\/dt>[\s\S]*?<\/li>/);
    expect(await browser.get("/betlist?type=won").then((r) => r.text())).toContain("No bets here yet.");
    expect(await browser.get("/betlist?type=lost").then((r) => r.text())).toContain("No bets here yet.");
    const statement = (await api("/api/Game/getstatement", { token: player.token, type: "all" })).data;
    expect(statement).toMatchObject({ stakes: -50, refunds: 50, awards: 0, net: 0 });
    await expectMoneyInvariants();
  });
});

describe("a frozen account", () => {
  it("is told at login that the account is frozen and how to reach support, in the player's language", async () => {
    const player = await playerWith(1_000);
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(player.userId)
      .run();
    const browser = new Browser();
    browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify("vi"))));
    const answer = await browser.post("/login", {
      username: player.username,
      password: player.password,
      redirectTo: "/user",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login?frozen=1");
    const html = await (await browser.get("/login?frozen=1")).text();
    expect(html).toContain('data-testid="support-card"');
    expect(html).toContain("Tài khoản này đã bị đóng băng");
    expect(html).toMatch(/href="\/ServicePage"|href="https?:/);
  });

  it("signed in when frozen, is sent to the same notice on the next page", async () => {
    const player = await playerWith(1_000);
    const browser = await new Browser().logIn(player.username, player.password);
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(player.userId)
      .run();
    const answer = await browser.get("/user");
    expect(answer.headers.get("location")).toBe("/login?frozen=1");
  });
});

describe("a break is confirmed before it starts", () => {
  it("names a self-exclusion as such in Vietnamese, states its end, that it cannot be undone and the balance, and starts only on the second step", async () => {
    const p = await player(1_000);
    const browser = new Browser();
    browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify("vi"))));
    await browser.logIn(p.username, "secret123");
    const asked = await browser.post("/user/limits", { intent: "breakAsk", period: "6m" });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain('data-testid="break-confirm"');
    // the confirm takes the break card's place: one card, not the ask and its confirm stacked
    expect(html).not.toContain('aria-labelledby="take-break"');
    expect(html).toContain("Xác nhận tự loại trừ");
    expect(html).not.toContain("Xác nhận tạm nghỉ");
    expect(html).toContain("Không thể hoàn tác");
    expect(html).toMatch(/data-testid="break-ends"><time[^>]*>\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(html).toMatch(/Số dư của bạn[\s\S]*?1,000\.00/);
    expect(await count("self_exclusions", "user_id = ?", p.id)).toBe(0);
    const started = await browser.post("/user/limits", { intent: "break", period: "6m", pwd: PAY_PASSWORD });
    expect(started.status).toBe(302);
    expect(await count("self_exclusions", "user_id = ? AND period = '6m'", p.id)).toBe(1);
  });

  it("names a time-out as such and keeps the confirm step with a wrong password", async () => {
    const p = await player(1_000);
    const browser = await new Browser().logIn(p.username, "secret123");
    const asked = await (await browser.post("/user/limits", { intent: "breakAsk", period: "7d" })).text();
    expect(asked).toContain("Confirm your time-out");
    const wrong = await browser.post("/user/limits", { intent: "break", period: "7d", pwd: "wrong999" });
    expect(wrong.status).toBe(400);
    const again = await wrong.text();
    expect(again).toContain('data-testid="break-confirm"');
    expect(again).not.toContain('aria-labelledby="take-break"');
    expect(again).toContain("Wrong withdrawal password");
    expect(await count("self_exclusions", "user_id = ?", p.id)).toBe(0);
  });
});
