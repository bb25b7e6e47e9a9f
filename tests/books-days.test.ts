import { databasesOf } from "../worker/db/databases";
import walletWords from "../locales/en/wallet.json";
import { env, exports } from "cloudflare:workers";
import { parse } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { api, expectOk, operatorLogin } from "./helpers";
import { expectConsoleOnly, operatorBrowser } from "./console-pages";
import { placeOk, playerWith } from "./rooms-helpers";
import { walletHandle } from "../worker/db/client";
import { at, betAt, lockAt, moveAt, settleAt as settleAtIn } from "./books-past-rows";
import { CLOSE_AFTER_MS, closeBooksDays } from "../worker/insight/books-days";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { walletBindings } from "../worker/db/shards";
import { playerD1 } from "./shard-helpers";
import { accountDirectory, booksDays, ledger } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The books per day (worker/insight/books-days.ts). Storage is shared by the tests of this file: the
// first builds three past days (a deposit, a stake placed late one day and settled early the next, a
// lock-up), closes them and reads them back; the second breaks the books on purpose and sees the day
// refuse to close, naming the rows. A player's money is in their wallet shard (docs/decisions/161): each shard
// closes its own days, the rounds read from the control database, and the console sums the shards' days.

const control = () => databasesOf(env).control;
/** The shard every player of this file is in: the days closed by the first test are that shard's. */
let shard: number | undefined;
const shardD1 = () => walletBindings(env)[shard!];

async function shardOf(userId: number) {
  const row = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(userId)
    .first<{ shard: number }>();
  return row!.shard;
}

/** A new player in the shard of the first test (registration draws a shard evenly; one database has only one). */
async function playerInTheShard(cents: number) {
  for (let tries = 0; tries < 100; tries++) {
    const player = await playerWith(cents);
    if ((await shardOf(player.userId)) === shard) return player;
  }
  throw new Error(`no player registered in shard ${shard}`);
}

const today = dayStartMs(Date.now());
const settleAt = (roundId: number, atMs: number) => settleAtIn(roundId, atMs, shard!, shardD1());

async function days(token: string) {
  const answer = await api("/api/admin/books/days", { token });
  expectOk(answer);
  return answer.data;
}

async function csv(token: string, from: string, to: string) {
  const response = await exports.default.fetch("https://app.test/api/admin/books/days/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, from, to, lang: "chs" }),
  });
  expect(response.status).toBe(200);
  return parse(await response.text(), { columns: true }) as Record<string, string>[];
}

const cents = (cell: string) => Math.round(Number(cell) * 100);

describe("the books per day", () => {
  it("close each finished day: its closing is the next day's opening, today's figures are the live check's", async () => {
    const player = await playerWith(0);
    shard = await shardOf(player.userId);
    // three days ago: a deposit of 1,000.00, a lock-up of 300.00 and, late in the evening, a stake of 50.00
    await moveAt(player.userId, 100_000, at(3, 10));
    await lockAt(player.userId, 30_000, at(3, 11));
    const round = await betAt(player.userId, 5_000, at(3, 23, 50));
    // two days ago, ten minutes after midnight, the round is drawn and the bet wins 99.00
    await settleAt(round, at(2, 0, 10));

    // two cron runs at once: each day is closed once, neither fails
    const closingAt = Math.max(Date.now(), today + CLOSE_AFTER_MS);
    const [result, raced] = await Promise.all([
      closeBooksDays(walletHandle(shardD1()), closingAt, control()),
      closeBooksDays(walletHandle(shardD1()), closingAt, control()),
    ]);
    expect(result.refused).toBeNull();
    expect(raced.refused).toBeNull();
    expect(result.closed).toEqual([3, 2, 1].map((n) => formatDate(today - n * DAY_MS)));
    const stored = await shardD1()
      .prepare(`SELECT day, status FROM ${quotedTable(booksDays)} ORDER BY day`)
      .all<{
        day: string;
        status: string;
      }>();
    expect(stored.results).toEqual([3, 2, 1].map((n) => ({ day: formatDate(today - n * DAY_MS), status: "closed" })));

    // the seed and the players of this file are today's: nothing before the first day
    const op = await operatorLogin();
    expectOk(await api("/api/admin/books/check", { token: op }));
    const shown = await days(op);
    const [yesterday, twoDaysAgo, threeDaysAgo] = shown.days;
    expect(threeDaysAgo).toMatchObject({
      day: formatDate(at(3, 0)),
      status: "closed",
      opening: { players: 0, house: 0, inPlay: 0, finance: 0 },
    });
    expect(threeDaysAgo.closing).toEqual({ players: 1000 - 300 - 50, house: -1000 + 300, inPlay: 50, finance: 300 });
    expect(threeDaysAgo.movements).toEqual(
      expect.arrayContaining([
        { side: "players", kind: "topup", amount: 1000, rows: 1 },
        { side: "players", kind: "bet", amount: -50, rows: 1 },
        { side: "players", kind: "stake", amount: -300, rows: 1 },
        { side: "house", kind: "stake", amount: 300, rows: 1 },
      ]),
    );
    expect(twoDaysAgo.opening).toEqual(threeDaysAgo.closing);
    expect(twoDaysAgo.closing).toEqual({ players: 650 + 99, house: -700 + 50 - 99, inPlay: 0, finance: 300 });
    expect(yesterday.opening).toEqual(twoDaysAgo.closing);
    expect(yesterday).toMatchObject({ movements: [], closing: twoDaysAgo.closing });

    // today so far opens from yesterday and closes on what the live check finds now
    const player2 = await playerWith(20_000);
    await placeOk(player2.token, 1, [[0, 1.98, 25]]);
    expectOk(await api("/api/admin/books/check", { token: op }));
    const now = await days(op);
    expect(now.today).toMatchObject({ status: "open", problems: [], opening: yesterday.closing });
    expect(now.live.ok).toBe(true);
    expect(now.today.closing.players + now.today.closing.house).toBeCloseTo(now.live.balances, 2);
    expect(now.today.closing.inPlay).toBeCloseTo(now.live.stakesInPlay, 2);
    expect(now.today.closing.finance).toBeCloseTo(now.live.financePrincipal, 2);

    // the CSV: in a spreadsheet, each day's opening plus its movements is its closing, and a closing the next opening
    const rows = await csv(op, formatDate(at(3, 0)), formatDate(today));
    expect(Object.keys(rows[0])).toEqual([
      "day",
      "status",
      "status_code",
      "line",
      "line_code",
      "kind",
      "kind_code",
      "players",
      "house",
      "stakes_in_play",
      "locked_finance",
      "rows",
    ]);
    const dayList = [...new Set(rows.map((r) => r.day))];
    expect(dayList).toEqual([3, 2, 1, 0].map((n) => formatDate(today - n * DAY_MS)));
    let previousClosing: Record<string, string> | undefined;
    for (const day of dayList) {
      const ofDay = rows.filter((r) => r.day === day);
      const opening = ofDay.find((r) => r.line_code === "opening")!;
      const closing = ofDay.find((r) => r.line_code === "closing")!;
      for (const column of ["players", "house"]) {
        const moved = ofDay.filter((r) => r.line_code === "movement").reduce((total, r) => total + cents(r[column]), 0);
        expect(cents(opening[column]) + moved, `${day} ${column}`).toBe(cents(closing[column]));
      }
      expect(cents(closing.players) + cents(closing.house) + cents(closing.stakes_in_play)).toBe(0);
      if (previousClosing)
        for (const column of ["players", "house", "stakes_in_play", "locked_finance"])
          expect(opening[column]).toBe(previousClosing[column]);
      previousClosing = closing;
    }
    expect(rows.find((r) => r.line_code === "movement" && r.kind_code === "topup")!.kind).toBe("充值");
    expect(rows.find((r) => r.status_code === "closed")!.status).not.toBe("closed");

    // a closed day cannot change
    await expect(
      shardD1()
        .prepare(`UPDATE ${quotedTable(booksDays)} SET players_close_cents = 0 WHERE day = ?`)
        .bind(threeDaysAgo.day)
        .run(),
    ).rejects.toThrow();
    await expect(
      shardD1()
        .prepare(`DELETE FROM ${quotedTable(booksDays)} WHERE day = ?`)
        .bind(threeDaysAgo.day)
        .run(),
    ).rejects.toThrow();
  });

  it("refuse to close a day that does not balance, naming the rows; later days wait behind it", async () => {
    // in the shard whose days the test before closed
    const player = await playerInTheShard(20_000);
    // money in the ledger and no other side: a row on its own (the ledger refuses updates: an insert breaks it)
    const broken = await (
      await playerD1(player.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (?, 700, 20000, 20700, 'topup', 'broken on purpose', ?, ?) RETURNING id`,
      )
      .bind(player.userId, `broken:${player.userId}`, Date.now())
      .first<{ id: number }>();
    // a stake's debit with no order behind it
    const ghost = await (
      await playerD1(player.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (?, -300, 20000, 19700, 'bet', 'broken on purpose', ?, ?) RETURNING id`,
      )
      .bind(player.userId, `bet:ghost${player.userId}`, Date.now())
      .first<{ id: number }>();
    // and a whole movement written now but dated inside a day already closed
    await moveAt(player.userId, 1_234, at(2, 12));
    const late = await shardD1()
      .prepare(
        `SELECT id FROM ${quotedTable(ledger)} WHERE idempotency_key LIKE 'books-days:%' ORDER BY id DESC LIMIT 2`,
      )
      .all<{ id: number }>();

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const tomorrow = today + DAY_MS + CLOSE_AFTER_MS;
    const result = await closeBooksDays(walletHandle(shardD1()), tomorrow, control());
    const line = errors.mock.calls.map((c) => String(c[0])).find((l) => l.includes("day refused to close"));
    errors.mockRestore();
    expect(result.closed).toEqual([]);
    expect(result.refused!.day).toBe(formatDate(today));
    expect(JSON.parse(line!)).toMatchObject({ books: "day refused to close", day: formatDate(today) });
    const problems = result.refused!.problems;
    expect(problems).toContainEqual({
      kind: "unpaired",
      ledgerId: broken!.id,
      userId: player.userId,
      amountCents: 700,
      key: `broken:${player.userId}`,
    });
    expect(problems).toContainEqual(expect.objectContaining({ kind: "sum" }));
    expect(problems).toContainEqual({
      kind: "unpaired",
      ledgerId: ghost!.id,
      userId: player.userId,
      amountCents: -300,
      key: `bet:ghost${player.userId}`,
    });
    // the player's row and the house's mirror, each named under its line
    const [houseRow, playerRow] = late.results.map((r) => r.id);
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: "opening", line: "playersCents", ledgerIds: [playerRow] }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: "opening", line: "houseCents", ledgerIds: [houseRow] }),
    );
    const opening = problems.find((p) => p.kind === "opening" && p.line === "playersCents") as {
      closedCents: number;
      booksCents: number;
    };
    expect(opening.booksCents - opening.closedCents).toBe(1_234);

    // the console shows the refusal with the rows; the day stays refused and the next one does not close
    const op = await operatorLogin();
    const stored = await shardD1()
      .prepare(`SELECT status FROM ${quotedTable(booksDays)} WHERE day = ?`)
      .bind(formatDate(today))
      .first<{ status: string }>();
    expect(stored!.status).toBe("refused");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const again = await closeBooksDays(walletHandle(shardD1()), tomorrow + DAY_MS, control());
    vi.restoreAllMocks();
    expect(again.closed).toEqual([]);
    expect(again.refused!.day).toBe(formatDate(today));
    expect(
      await shardD1()
        .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(booksDays)} WHERE day > ?`)
        .bind(formatDate(today))
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
    expect((await days(op)).today.problems).toContainEqual(
      expect.objectContaining({ kind: "unpaired", ledgerId: broken!.id, amount: 7 }),
    );
  });

  it("are a console screen for operators only, with each day's lines, movements and problems, and a CSV", async () => {
    await expectConsoleOnly(["/admin/books", "/admin/books?page=2"]);
    const browser = await operatorBrowser();
    const page = await (await browser.get("/admin/books")).text();
    // today is open and shows why it could not close: the row broken above, by its number
    expect(page).toContain(`data-testid="books-day-${formatDate(today)}"`);
    expect(page).toMatch(/Ledger row #\d+ \(account \d+, 7\.00 USD, key broken:\d+\) has no other side\./);
    for (const n of [1, 2, 3]) expect(page).toContain(`data-testid="books-day-${formatDate(today - n * DAY_MS)}"`);
    expect(page).toContain("Stakes in play");
    expect(page).toContain("Locked finance");
    expect(page).toContain("Live check (");
    // the movements by kind in words, never a kind's code beside them (the CSV has its own column for the code)
    const kinds = Object.keys(walletWords.kinds);
    expect(page).toContain(`>${walletWords.kinds.topup}<`);
    expect(page).not.toMatch(new RegExp(`\\((${kinds.join("|")})\\)`));
    expect(page).toContain('href="/admin/books"');
    const file = await browser.post("/admin/books/csv", {
      from: formatDate(today - 3 * DAY_MS),
      to: formatDate(today),
    });
    expect(file.headers.get("content-type")).toContain("text/csv");
    expect((await file.text()).split("\r\n")[0]).toBe(
      "day,status,status_code,line,line_code,kind,kind_code,players,house,stakes_in_play,locked_finance,rows",
    );
    const refused = await browser.post("/admin/books/csv", { from: formatDate(today), to: "2001-01-01" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/admin/books");
  });
});
