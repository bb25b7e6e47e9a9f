// Storage growth (docs/decisions/041-round-retention.md): the migrations and the demo seed applied to a
// SQLite database (D1 stores SQLite files), then a day of rounds of every seeded room and a batch of
// one-line orders written with the rows, columns and value shapes the Worker writes today. Prints bytes per row and
// the yearly size with and without the retention of rounds nobody bet on. Offline: no server needed.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { loadTs, quotedTables } from "../../scripts/lib/load-ts.mjs";

const MIGRATIONS = "migrations";
const DAY_SECONDS = 86_400;
const ORDERS = 20_000;
const ORDERS_PER_ROUND = 10;
const RETENTION_DAYS = 30;
const NUMBERS_BY_TYPE = { 1: 3, 2: 3, 3: 5, 4: 10 };

/** No server: the part runs on its own SQLite file (tests/bench/run.mjs runs it first). */
export const offline = true;

export default async function storage({ report, smoke }) {
  const orderCount = smoke ? 200 : ORDERS;
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith(".sql"))
    .sort()) {
    for (const statement of readFileSync(join(MIGRATIONS, name), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) db.exec(statement);
    }
  }
  const { seedStatements } = await loadTs("worker/seed/seed.ts");
  const tables = await quotedTables();
  const seed = await seedStatements("bench-pepper");
  for (const statement of [...seed.control, ...(await seed.wallet(0))]) db.exec(statement);
  const roundSeconds = Number(/ROUND_SECONDS = "(\d+)"/.exec(readFileSync("wrangler.toml", "utf8"))[1]);
  const rooms = db
    .prepare(
      `SELECT id, rates_milli AS rates, round_seconds AS seconds, minbuy_cents AS minbuy, min_level AS level FROM ${tables.rooms}`,
    )
    .all();
  const games = new Map(
    db
      .prepare(`SELECT r.id, g.type FROM ${tables.rooms} r JOIN ${tables.games} g ON g.id = r.game_id`)
      .all()
      .map((r) => [r.id, r.type]),
  );
  const bytes = () => db.prepare("PRAGMA page_count").get().page_count * db.prepare("PRAGMA page_size").get().page_size;

  // A day of rounds: every room draws every round, bet on or not.
  const before = bytes();
  const insertRound =
    db.prepare(`INSERT INTO ${tables.rounds} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", seed, numbers,
      num1, num2, num3, sum, win_mask, refund_mask, status, settled_at_ms, rates_milli, minbuy_cents, min_level)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'settled', ?, ?, ?, ?)`);
  const hex = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  let rounds = 0;
  const t0 = Date.UTC(2026, 0, 1);
  db.exec("BEGIN");
  for (const room of rooms) {
    const seconds = room.seconds ?? roundSeconds;
    const type = games.get(room.id);
    for (let seqno = 1; seqno <= DAY_SECONDS / seconds; seqno++) {
      const drawAt = t0 + seqno * seconds * 1000;
      const numbers = Array.from({ length: NUMBERS_BY_TYPE[type] }, (_, i) => (i * 7 + seqno) % 10);
      insertRound.run(
        room.id,
        seqno,
        type,
        drawAt - seconds * 1000,
        drawAt - 60_000,
        drawAt,
        hex(),
        hex(),
        JSON.stringify(numbers),
        numbers[0],
        numbers[1],
        numbers[2],
        numbers.reduce((a, b) => a + b, 0),
        Math.floor(Math.random() * 2 ** 40),
        drawAt + 300,
        room.rates,
        room.minbuy,
        room.level,
      );
      rounds++;
    }
  }
  db.exec("COMMIT");
  const roundBytes = (bytes() - before) / rounds;

  // One-line orders with the rows the code writes today (worker/room/bets.ts placeOrderStatements,
  // worker/room/rounds.ts settlementStatements, docs/decisions/110): per order the order, its bet and the
  // player's debit; per round the house's one row for the round's stakes, one award row per winning
  // player and the house's one mirror row for the round's awards. ORDERS_PER_ROUND players bet in each
  // round, one order each; every other order wins.
  const players = Array.from({ length: ORDERS_PER_ROUND }, (_, i) => 900_001 + i);
  const addPlayer = db.prepare(
    `INSERT INTO ${tables.users} (id, username, nickname, password_hash, role, money_cents, created_at_ms) VALUES (?, ?, ?, 'x', 'player', 0, 1)`,
  );
  for (const id of players) addPlayer.run(id, `bench${id}`, `bench${id}`);
  const roundIds = db
    .prepare(`SELECT id, room_id AS roomId, seqno FROM ${tables.rounds} ORDER BY id LIMIT ?`)
    .all(orderCount / ORDERS_PER_ROUND);
  const ledger =
    db.prepare(`INSERT INTO ${tables.ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
    VALUES (?, ?, ?, ?, ?, ?, 'round', ?, ?, ?, ?)`);
  const order =
    db.prepare(`INSERT INTO ${tables.orders} (ordersn, user_id, room_id, round_id, total_cents, status, created_at_ms, request_id)
    VALUES (?, ?, ?, ?, 2000, 'placed', ?, ?) RETURNING id`);
  const bet = db.prepare(
    `INSERT INTO ${tables.bets} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, award_cents, isaward, created_at_ms) VALUES (?, ?, ?, 3, 1980, 2000, ?, ?, ?)`,
  );
  const beforeBets = bytes();
  let ledgerRows = 0;
  let orders = 0;
  db.exec("BEGIN");
  roundIds.forEach((round, r) => {
    const at = t0 + r * 1000;
    const reason = `Lucky 28 #${round.seqno}`;
    const params = JSON.stringify({ game: "lucky28", title: "Lucky 28", seqno: round.seqno });
    let awards = 0;
    players.forEach((player, p) => {
      const ordersn = `${at}${String(orders).padStart(6, "0")}`;
      const { id } = order.get(ordersn, player, round.roomId, round.id, at, crypto.randomUUID());
      const won = p % 2 === 0;
      bet.run(id, player, round.id, won ? 3960 : 0, won ? 1 : 0, at);
      ledger.run(player, -2000, 1_000_000, 998_000, "bet", reason, params, ordersn, `bet:${ordersn}`, at);
      ledgerRows++;
      if (won) {
        ledger.run(
          player,
          3960,
          998_000,
          1_001_960,
          "earn",
          reason,
          params,
          `round:${round.id}`,
          `award:${round.id}:${player}`,
          at + 1,
        );
        ledgerRows++;
        awards += 3960;
      }
      orders++;
    });
    const stakes = 2000 * players.length;
    ledger.run(
      1,
      stakes,
      1_000_000,
      1_000_000 + stakes,
      "bet",
      reason,
      params,
      `round:${round.id}`,
      `stakes:${round.id}:house`,
      at + 1,
    );
    ledger.run(
      1,
      -awards,
      1_000_000 + stakes,
      1_000_000 + stakes - awards,
      "earn",
      reason,
      params,
      `round:${round.id}`,
      `award:${round.id}:house`,
      at + 1,
    );
    ledgerRows += 2;
  });
  db.exec("COMMIT");
  const orderBytes = (bytes() - beforeBets) / orders;

  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  const dayRounds = rounds * roundBytes;
  report(
    "storage",
    "a round",
    `${rooms.length} rooms (${roundSeconds} s rounds unless a room sets its own): ${rounds} rounds a day, ${roundBytes.toFixed(0)} bytes each with indexes`,
  );
  report(
    "storage",
    "an order",
    `one line with its bet and ${(ledgerRows / orders).toFixed(1)} ledger rows on average (${ORDERS_PER_ROUND} orders a round, half of them winning): ${orderBytes.toFixed(0)} bytes`,
  );
  report(
    "storage",
    "rounds a year",
    `${mb(dayRounds)} a day, ${mb(dayRounds * 365)} a year kept in full, ${mb(dayRounds * RETENTION_DAYS)} with the ${RETENTION_DAYS}-day retention of idle rounds`,
  );
  for (const perDay of [1_000, 10_000, 100_000]) {
    report(
      "storage",
      `${perDay.toLocaleString("en")} orders a day`,
      `${mb(perDay * orderBytes * 365)} a year (rounds they bet on are kept)`,
    );
  }
}
