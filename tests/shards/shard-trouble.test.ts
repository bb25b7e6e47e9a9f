import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { message } from "../../shared/messages";
import { registerPlayer } from "../helpers";
import { Browser } from "../pages";
import { countIn, playersInShards } from "./orders-helpers";
import { failShard } from "./failing-shard";
import { currentRound } from "../rooms-helpers";
import { paidInto } from "../wallet-helpers";
import { accountDirectory } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// A wallet shard whose database fails (docs/decisions/169, docs/architecture.md#the-answer-envelope): every call
// of a player of that shard answers HTTP 503 with errCode 1240 ("your account is busy, try again shortly") in
// the caller's language, never a 200 without the data, and changes nothing; the other shards' players play on.

const TROUBLE = 1240;

/** A player API call with its HTTP status: the helpers' `api` expects 200, which is what is tested here. */
async function call(path: string, body: Record<string, unknown>) {
  const response = await exports.default.fetch(`https://app.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "10.0.1.1" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    answer: (await response.json()) as { code: number; info: string; data: Record<string, unknown> | null },
  };
}

const READS: [path: string, fields: Record<string, unknown>][] = [
  ["/api/Game/getGameinfo", { roomid: 15 }],
  ["/api/Game/getuserinfo", {}],
  ["/api/Game/getfinanceflow", { page: 1 }],
  ["/api/Game/getRechargelist", { page: 1 }],
];

describe("a wallet shard whose database fails", () => {
  it("answers its players 503 with a localized 'account busy', the other shards' players as before", async () => {
    const players = await playersInShards([1, 2], 100_000);
    const troubled = players.get(1)!;
    const healthy = players.get(2)!;
    for (const [path, fields] of READS) {
      const seen = await call(path, { ...fields, token: troubled.token });
      expect(seen.status, path).toBe(200);
      expect(seen.answer.code, path).toBe(1);
    }
    // a bet before the trouble: the room now knows the player's session (a later bet may not read it again)
    const round = await currentRound(15);
    expect(
      (
        await call("/api/Game/order", {
          token: troubled.token,
          roomid: 15,
          gameid: round.roundId,
          order_info: [[1, 1.98, 20]],
        })
      ).answer.code,
    ).toBe(1);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const paid = await paidInto();
    const recover = failShard(1);
    try {
      for (const [path, fields] of READS)
        for (const lang of ["en", "chs", "cht", "vi"] as const) {
          const seen = await call(path, { ...fields, lang, token: troubled.token });
          expect(seen.status, `${path} ${lang}`).toBe(503);
          expect(seen.retryAfter, path).toBe("5");
          expect(seen.answer, `${path} ${lang}`).toEqual({
            code: 0,
            info: message(lang, String(TROUBLE)),
            data: { errCode: TROUBLE },
          });
        }
      // a write of that player is refused the same way and leaves nothing behind
      const asked = await call("/api/Game/recharge", {
        ...paid,
        token: troubled.token,
        money: 150,
        pay_name: "Nguyen Van A",
      });
      expect(asked.status).toBe(503);
      expect(asked.answer.data).toEqual({ errCode: TROUBLE });
      // a bet of that player, which the room writes to the shard, is refused the same way
      const bet = await call("/api/Game/order", {
        token: troubled.token,
        roomid: 15,
        gameid: round.roundId,
        order_info: [[0, 1.98, 20]],
      });
      expect(bet.status).toBe(503);
      expect(bet.answer.data).toEqual({ errCode: TROUBLE });
      // another shard's player enters the room and reads their balance as before
      for (const [path, fields] of READS) {
        const seen = await call(path, { ...fields, token: healthy.token });
        expect(seen.status, path).toBe(200);
        expect(seen.answer.code, path).toBe(1);
      }
    } finally {
      recover();
    }
    // each refusal is logged with its request id and the shard, as any unexpected error is
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as { shard?: number; requestId?: string });
    expect(lines.length).toBeGreaterThanOrEqual(READS.length * 4 + 1);
    expect(lines.every((line) => line.shard === 1 && typeof line.requestId === "string")).toBe(true);
    // the shard is back: the same calls answer with their data, and the refused deposit was never filed
    for (const [path, fields] of READS) {
      const seen = await call(path, { ...fields, token: troubled.token });
      expect(seen.status, path).toBe(200);
      expect(seen.answer.code, path).toBe(1);
    }
    expect(await countIn(1, "deposit_requests", "user_id = ?", troubled.userId)).toBe(0);
  });

  it("shows the player's pages as a 503 saying the account is busy, never the sign-in or an empty screen", async () => {
    const player = await registerPlayer();
    const { shard } = (await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE username = ?`)
      .bind(player.username)
      .first<{ shard: number }>())!;
    const browser = await new Browser().logIn(player.username, player.password);
    expect((await browser.get("/user")).status).toBe(200);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const recover = failShard(shard);
    try {
      for (const path of ["/user", "/activity/15", "/recharge"]) {
        const page = await browser.get(path);
        expect(page.status, path).toBe(503);
        const html = await page.text();
        expect(html, path).toContain('data-testid="account-busy"');
        expect(html, path).toContain(message("en", String(TROUBLE)));
      }
    } finally {
      recover();
      logged.mockRestore();
    }
    // still signed in: the page is back once the shard is
    expect((await browser.get("/user")).status).toBe(200);
  });
});
