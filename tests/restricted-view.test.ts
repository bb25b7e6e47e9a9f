import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { currentRound, placeOk } from "./rooms-helpers";
import { PAY_PASSWORD, addCoinAddress, balanceCents, operator, player, requestId, paidInto } from "./wallet-helpers";
import { Browser } from "./pages";
import { playerD1 } from "./shard-helpers";
import { withdrawalRequests, selfExclusions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// docs/decisions/142: a player on a time-out or self-exclusion signs in to a restricted view. They may
// withdraw the balance, read every record and reach support; every way to play, deposit or lock funds
// is refused by the API (not only hidden), with the exclusion's code and end, and writes nothing.

const DAY = 86_400_000;

/** A funded player with a coin address, a bet and a lock-up behind them, then a time-out; signed in again. */
async function restrictedPlayer(period: "7d" | "1y" = "7d") {
  const p = await player(150_000);
  const card = await addCoinAddress(p.token);
  await placeOk(p.token, 1, [[0, 1.98, 20]]);
  expectOk(
    await api("/api/Game/producttransferin", {
      token: p.token,
      product_id: 1,
      money: "100000",
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    }),
  );
  const taken = await api("/api/Game/selfexclude", { token: p.token, period, pwd: PAY_PASSWORD });
  expectOk(taken);
  const signedIn = await api("/api/Index/login", { username: p.username, password: "secret123" });
  expectOk(signedIn);
  return { ...p, token: signedIn.data.token as string, cardId: card.id, until: taken.data.until as number, period };
}

/** Everything a restricted player writes through play, deposit and lock paths, to compare before and after. */
async function writesOf(userId: number) {
  return {
    orders: await count("orders", "user_id = ?", userId),
    deposits: await count("deposit_requests", "user_id = ?", userId),
    lockups: await count("finance_orders", "user_id = ?", userId),
    ledger: await count("ledger", "user_id = ?", userId),
    balance: await balanceCents(userId),
  };
}

describe("the restricted view", () => {
  it("says why and until when on every profile answer", async () => {
    const p = await restrictedPlayer();
    const profile = await api("/api/Game/getuserinfo", { token: p.token });
    expectOk(profile);
    expect(profile.data.restricted).toEqual({ errCode: 3004, period: "7d", until: p.until });
    const excluded = await restrictedPlayer("1y");
    expect((await api("/api/Game/getuserinfo", { token: excluded.token })).data.restricted.errCode).toBe(3005);
  });

  it("refuses entering a room, betting, depositing and locking funds, each with the end date, writing nothing", async () => {
    const p = await restrictedPlayer();
    const before = await writesOf(p.id);
    const round = await currentRound(1);
    const refusals = await Promise.all([
      api("/api/Game/getGameinfo", { token: p.token, roomid: 1 }),
      api("/api/Game/order", {
        token: p.token,
        roomid: 1,
        gameid: round.roundId,
        order_info: [[0, 1.98, 20]],
        request_id: requestId(),
      }),
      api("/api/Game/order", { token: p.token, roomid: 1, gameid: round.roundId, order_info: [[1, 1.98, 30]] }),
      api("/api/Game/recharge", {
        ...(await paidInto()),
        token: p.token,
        money: 100,
        pay_name: "Nguyen Van A",
        request_id: requestId(),
      }),
      api("/api/Game/producttransferin", {
        token: p.token,
        product_id: 1,
        money: "100000",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    ]);
    for (const answer of refusals) {
      expectError(answer, 3004);
      expect(answer.data.until).toBe(p.until);
    }
    expect(await writesOf(p.id)).toEqual(before);
    await expectMoneyInvariants();
  });

  it("lets the player withdraw the balance, read bets, funds, statement, deposits and lock-ups", async () => {
    const p = await restrictedPlayer();
    const balance = await balanceCents(p.id);
    expect(balance).toBeGreaterThan(0);
    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: p.cardId,
        money: balance / 100,
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    expect(await balanceCents(p.id)).toBe(0);
    for (const path of [
      "/api/Game/getGamelog2",
      "/api/Game/getfinanceflow",
      "/api/Game/getstatement",
      "/api/Game/getrechargelist",
      "/api/Game/getwithdrawlist",
      "/api/Game/getproductorders",
      "/api/Game/getassets",
      "/api/Game/getnotices",
    ]) {
      expectOk(await api(path, { token: p.token }));
    }
    const withdrawals = await api("/api/Game/getwithdrawlist", { token: p.token });
    expect(withdrawals.data.list).toHaveLength(1);
    // the operator pays it out: the player hears of it in the inbox
    const id = (await (
      await playerD1(p.id)
    )
      .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(p.id)
      .first<{ id: number }>())!.id;
    expectOk(await api("/api/admin/withdrawals/approve", { token: await operator(), id, payout_ref: "FT-TEST-0001" }));
    expect(
      (await api("/api/Game/getnotices", { token: p.token })).data.list.map((n: { kind: string }) => n.kind),
    ).toContain("withdrawalPaid");
    await expectMoneyInvariants();
  });

  it("is over when the exclusion ends: the same account plays again", async () => {
    const p = await player(1_000);
    const nowMs = Date.now();
    await (
      await playerD1(p.id)
    )
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.id, nowMs - DAY, nowMs - 1)
      .run();
    expect((await api("/api/Game/getuserinfo", { token: p.token })).data.restricted).toBeNull();
    expectOk(await api("/api/Game/getGameinfo", { token: p.token, roomid: 1 }));
  });
});

describe("the restricted pages", () => {
  it("show the notice in place of the deposit and lock-up forms, in Vietnamese, and the room says why", async () => {
    const p = await restrictedPlayer();
    const browser = await new Browser().logIn(p.username, "secret123");
    browser.cookies.set("lng", "vi");
    const recharge = await (await browser.get("/recharge?lng=vi")).text();
    expect(recharge).toContain('data-testid="restricted"');
    expect(recharge).toContain("Tạm nghỉ đến");
    expect(recharge).not.toContain('name="pay_name"');
    const lock = await (await browser.get("/producttransferin?id=1&lng=vi")).text();
    expect(lock).toContain('data-testid="restricted"');
    expect(lock).not.toContain('name="money"');
    const room = await (await browser.get("/activity/1?lng=vi")).text();
    expect(room).toContain("Bạn đang tạm nghỉ chơi đến");
    const my = await (await browser.get("/user?lng=vi")).text();
    expect(my).toContain("Rút số dư của tôi");
    expect(my).toContain('href="/withdraw"');
  });
});
