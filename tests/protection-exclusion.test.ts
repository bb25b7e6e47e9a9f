import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, login, newPlayerFields } from "./helpers";
import { placeOk, playerWith } from "./rooms-helpers";
import { operator, player as walletPlayer, PAY_PASSWORD, paidInto } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { selfExclusions, sessions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// docs/product.md#player-protection: time-outs and self-exclusions, reality checks, the statement, the 18+ confirmation.

const DAY = 86_400_000;

describe("time-out and self-exclusion", () => {
  it("ends every session at once; the next sign-in is restricted, with the end in the player's language", async () => {
    const p = await walletPlayer();
    const other = await login(p.username, "secret123");
    const before = Date.now();
    const answer = await api("/api/Game/selfexclude", { token: p.token, period: "7d", pwd: PAY_PASSWORD });
    expectOk(answer);
    expect(answer.data.until).toBeGreaterThanOrEqual(before + 7 * DAY);
    for (const token of [p.token, other]) expectError(await api("/api/Game/getuserinfo", { token }), 1062, 409);
    // docs/decisions/142: the player still signs in, to withdraw, read records and reach support
    const signedIn = await api("/api/Index/login", { username: p.username, password: "secret123", lang: "vi" });
    expectOk(signedIn);
    expect(signedIn.data.restricted).toEqual({ errCode: 3004, period: "7d", until: answer.data.until });
    const refused = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: signedIn.data.token,
      money: 50,
      pay_name: "A",
      lang: "vi",
    });
    expectError(refused, 3004);
    expect(refused.data.until).toBe(answer.data.until);
    const end = new Date(answer.data.until + 8 * 3_600_000).toISOString();
    expect(refused.info).toBe(`Bạn đang tạm nghỉ chơi đến ${end.slice(0, 10)} ${end.slice(11, 16)} UTC+8`);
    const zh = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: signedIn.data.token,
      money: 50,
      pay_name: "A",
      lang: "chs",
    });
    expect(zh.info).toContain("您正在暂停游戏");
    // a wrong password still says wrong password: the time-out is not shown to whoever types a name
    expectError(await api("/api/Index/login", { username: p.username, password: "wrong1234" }), 1003);
  });

  it("signs in unrestricted once a time-out has ended (the end itself is exclusive)", async () => {
    const p = await walletPlayer();
    const nowMs = Date.now();
    // the rows cannot be changed, so a time-out taken 24 h ago is written as such
    await (
      await playerD1(p.id)
    )
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.id, nowMs - DAY - 1, nowMs - 1)
      .run();
    expect((await api("/api/Index/login", { username: p.username, password: "secret123" })).data.restricted).toBeNull();
    await (
      await playerD1(p.id)
    )
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.id, nowMs - DAY + 60_000, nowMs + 60_000)
      .run();
    expect(
      (await api("/api/Index/login", { username: p.username, password: "secret123" })).data.restricted.errCode,
    ).toBe(3004);
  });

  it("says 3005 for a self-exclusion and 3006 for a permanent one", async () => {
    const a = await walletPlayer();
    expectOk(await api("/api/Game/selfexclude", { token: a.token, period: "6m", pwd: PAY_PASSWORD }));
    expect(
      (await api("/api/Index/login", { username: a.username, password: "secret123" })).data.restricted.errCode,
    ).toBe(3005);
    const b = await walletPlayer();
    expectOk(await api("/api/Game/selfexclude", { token: b.token, period: "forever", pwd: PAY_PASSWORD }));
    const signedIn = await api("/api/Index/login", { username: b.username, password: "secret123", lang: "cht" });
    expect(signedIn.data.restricted).toEqual({ errCode: 3006, period: "forever", until: null });
    const refused = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: signedIn.data.token,
      money: 50,
      pay_name: "A",
      lang: "cht",
    });
    expectError(refused, 3006);
    expect(refused.info).toBe("您已永久自我排除");
  });

  it("can be lifted early by nobody: the rows refuse updates and deletes", async () => {
    const p = await walletPlayer();
    expectOk(await api("/api/Game/selfexclude", { token: p.token, period: "30d", pwd: PAY_PASSWORD }));
    await expect(
      (await playerD1(p.id))
        .prepare(`UPDATE ${quotedTable(selfExclusions)} SET end_at_ms = 0 WHERE user_id = ?`)
        .bind(p.id)
        .run(),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      (await playerD1(p.id))
        .prepare(`DELETE FROM ${quotedTable(selfExclusions)} WHERE user_id = ?`)
        .bind(p.id)
        .run(),
    ).rejects.toThrow(/cannot be changed/);
    expect(
      (await api("/api/Index/login", { username: p.username, password: "secret123" })).data.restricted.errCode,
    ).toBe(3004);
  });

  it("needs the withdrawal password and a known period, and writes nothing otherwise", async () => {
    const p = await walletPlayer();
    expectError(await api("/api/Game/selfexclude", { token: p.token, period: "7d", pwd: "wrong999" }), 1033);
    expectError(await api("/api/Game/selfexclude", { token: p.token, period: "7d" }), 2057);
    expectError(await api("/api/Game/selfexclude", { token: p.token, period: "2w", pwd: PAY_PASSWORD }), 1001);
    const none = await walletPlayer(0, "");
    expectError(await api("/api/Game/selfexclude", { token: none.token, period: "7d", pwd: "abc123" }), 1080);
    expect(await count("self_exclusions", "user_id IN (?, ?)", p.id, none.id)).toBe(0);
    expectOk(await api("/api/Game/getuserinfo", { token: p.token }));
  });

  it("refuses a bet or deposit written by a session that outlived the exclusion (checked in the batch)", async () => {
    const p = await playerWith(10_000);
    const gameid = (await api("/api/Game/getGameinfo", { token: p.token, roomid: 1 })).data.game.id;
    await (
      await playerD1(p.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.userId, Date.now() - 1, Date.now() + DAY)
      .run();
    const bet = await api("/api/Game/order", { token: p.token, roomid: 1, gameid, order_info: [[0, 1.98, 20]] });
    expectError(bet, 3004);
    expectError(
      await api("/api/Game/recharge", { ...(await paidInto()), token: p.token, money: 50, pay_name: "A" }),
      3004,
    );
    expect(await count("orders", "user_id = ?", p.userId)).toBe(0);
    expect(await count("deposit_requests", "user_id = ?", p.userId)).toBe(0);
    await expectMoneyInvariants();
  });
});

describe("reality check", () => {
  it("is due one interval after sign-in, with time played and the betting result from the ledger", async () => {
    const p = await playerWith(10_000);
    await placeOk(p.token, 16, [[0, 1.98, 30]]);
    let view = (await api("/api/Game/getprotection", { token: p.token })).data.reality;
    expect(view).toMatchObject({ minutes: 60, due: false, net: -30, playedMinutes: 0 });
    await (
      await playerD1(p.userId)
    )
      .prepare(`UPDATE ${quotedTable(sessions)} SET created_at_ms = created_at_ms - ? WHERE user_id = ?`)
      .bind(61 * 60_000, p.userId)
      .run();
    view = (await api("/api/Game/getprotection", { token: p.token })).data.reality;
    expect(view).toMatchObject({ due: true, playedMinutes: 61 });
    const seen = await api("/api/Game/realitycheckseen", { token: p.token });
    expect(seen.data).toMatchObject({ due: false });
    const set = await api("/api/Game/setrealitycheck", { token: p.token, minutes: 15 });
    expect(set.data.minutes).toBe(15);
    expectError(await api("/api/Game/setrealitycheck", { token: p.token, minutes: 20 }), 1001);
    await expectMoneyInvariants();
  });
});

describe("statement", () => {
  it("sums deposits, withdrawals, stakes and awards over a period from the ledger", async () => {
    const p = await playerWith(10_000);
    const placed = await placeOk(p.token, 16, [
      [0, 1.98, 30],
      [1, 1.98, 20],
    ]);
    expectOk(await api("/api/Game/getGamecancel", { token: p.token, roomid: 16, order_id: placed.order_id }));
    await placeOk(p.token, 16, [[2, 1.98, 25]]);
    const s = (await api("/api/Game/getstatement", { token: p.token, type: "today" })).data;
    expect(s).toMatchObject({
      deposits: 0,
      withdrawals: 0,
      stakes: -25,
      awards: 0,
      net: -25,
      adjustments: 100,
      other: 0,
      change: 75,
    });
    const none = (await api("/api/Game/getstatement", { token: p.token, start: "2020-01-01", end: "2020-01-31" })).data;
    expect(none).toMatchObject({ stakes: 0, net: 0, change: 0 });
    expectError(await api("/api/Game/getstatement", { token: p.token, start: "2020-02-01", end: "2020-01-01" }), 1072);
  });
});

describe("registration", () => {
  it("asks for confirmation of being 18 or older (3007) and writes nothing without it", async () => {
    for (const adult of [undefined, "", "0", "no"]) {
      const fields = await newPlayerFields();
      const body: Record<string, unknown> = { ...fields, adult };
      const answer = await api("/api/index/register", { ...body, lang: "zh-TW" });
      expectError(answer, 3007);
      expect(answer.info).toBe("請確認您已年滿18歲");
      expect(await count("users", "username = ?", fields.username)).toBe(0);
    }
  });
});

describe("operator view", () => {
  it("shows a player's limits and exclusions read-only, to operators only", async () => {
    const p = await walletPlayer();
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "loss", period: "day", money: 80 }));
    expectOk(await api("/api/Game/selfexclude", { token: p.token, period: "30d", pwd: PAY_PASSWORD }));
    const view = await api("/api/admin/protection", { token: await operator(), userId: p.id });
    expectOk(view);
    expect(
      view.data.limits.find((l: { kind: string; period: string }) => l.kind === "loss" && l.period === "day").money,
    ).toBe(80);
    expect(view.data.exclusions).toEqual([expect.objectContaining({ period: "30d", active: true })]);
    const other = await walletPlayer();
    expectError(await api("/api/admin/protection", { token: other.token, userId: p.id }), 1073);
  });
});
