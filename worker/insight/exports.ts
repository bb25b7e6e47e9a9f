import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { DAY_MS, PLAYER_OFFSET_MS } from "#shared/days";
import type { ExportKind } from "#shared/forms/insight";

// CSV exports for reconciling outside the app (issue 29): one kind of record over a range of player days
// (UTC+8), streamed a page at a time. Each page is the next EXPORT_PAGE rows after the last one sent,
// by (time, id) through an index on those columns, so a page costs the same at any depth and no more
// than one page is held at once, whatever the range holds.

export const EXPORT_PAGE = 1000;

type Row = Record<string, string | number | null> & { cursorMs: number; cursorId: number };
type Source = {
  header: string[];
  page: (db: Db, after: [number, number], fromMs: number, toMs: number) => Promise<Row[]>;
  cells: (r: Row) => (string | number | null)[];
};

const money = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** An instant as the operator's day reads it: date and time in UTC+8, the zone written out. */
function csvTime(ms: number | null): string {
  if (ms === null) return "";
  return `${new Date(ms + PLAYER_OFFSET_MS).toISOString().slice(0, 23).replace("T", " ")}+08:00`;
}

/** One CSV field (RFC 4180); text a spreadsheet would run as a formula is kept as text with a leading quote. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvField).join(",")}\r\n`;

function pageOf(select: SQL, timeColumn: string, idColumn: string, from: SQL, extra: SQL = sql``) {
  const time = sql.raw(timeColumn);
  const id = sql.raw(idColumn);
  return (db: Db, after: [number, number], fromMs: number, toMs: number) =>
    db.all<Row>(sql`${select}, ${time} AS cursorMs, ${id} AS cursorId ${from}
      WHERE ${time} >= ${fromMs} AND ${time} < ${toMs} AND (${time}, ${id}) > (${after[0]}, ${after[1]}) ${extra}
      ORDER BY ${time}, ${id} LIMIT ${EXPORT_PAGE}`);
}

const requests = (
  table: "deposit_requests" | "withdrawal_requests",
  extraColumn: string,
  extraHeader: string,
): Source => ({
  header: ["id", "time", "user_id", "username", "amount", "status", "decided_at", "decided_by", extraHeader, "note"],
  page: pageOf(
    sql.raw(`SELECT r.id, r.created_at_ms AS timeMs, r.user_id AS userId, u.username, r.amount_cents AS cents, r.status,
      r.decided_at_ms AS decidedMs, o.username AS decidedBy, ${extraColumn} AS extra, r.note`),
    "r.created_at_ms",
    "r.id",
    sql.raw(`FROM ${table} r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN users o ON o.id = r.decided_by`),
  ),
  cells: (r) => [
    r.id,
    csvTime(r.timeMs as number),
    r.userId,
    r.username,
    money(r.cents as number),
    r.status,
    csvTime(r.decidedMs as number | null),
    r.decidedBy,
    r.extra,
    r.note,
  ],
});

const SOURCES: Record<ExportKind, Source> = {
  ledger: {
    header: ["id", "time", "user_id", "username", "type", "amount", "before", "after", "reason", "ref", "key"],
    page: pageOf(
      sql.raw(`SELECT l.id, l.created_at_ms AS timeMs, l.user_id AS userId, u.username, l.type, l.amount_cents AS cents,
        l.before_cents AS beforeCents, l.after_cents AS afterCents, l.reason, l.ref, l.idempotency_key AS idemKey`),
      "l.created_at_ms",
      "l.id",
      sql.raw("FROM ledger l LEFT JOIN users u ON u.id = l.user_id"),
    ),
    cells: (r) => [
      r.id,
      csvTime(r.timeMs as number),
      r.userId,
      r.username,
      r.type,
      money(r.cents as number),
      money(r.beforeCents as number),
      money(r.afterCents as number),
      r.reason,
      r.ref,
      r.idemKey,
    ],
  },
  deposits: requests("deposit_requests", "r.pay_name", "payer"),
  withdrawals: requests("withdrawal_requests", "r.bank_card_id", "bank_card_id"),
  // What operators credited or debited by hand: the players' ledger rows an operator made (ref operator:<id>).
  adjustments: {
    // reason: what the player reads (English); note: the operator's own words (before 0015, inside the reason)
    header: [
      "ledger_id",
      "time",
      "user_id",
      "username",
      "type",
      "amount",
      "balance_after",
      "reason",
      "note",
      "operator",
    ],
    page: pageOf(
      sql.raw(`SELECT l.id, l.created_at_ms AS timeMs, l.user_id AS userId, u.username, l.type, l.amount_cents AS cents,
        l.after_cents AS afterCents, l.reason, l.operator_note AS note, o.username AS operator`),
      "l.created_at_ms",
      "l.id",
      sql.raw(
        "FROM ledger l LEFT JOIN users u ON u.id = l.user_id LEFT JOIN users o ON o.id = CAST(substr(l.ref, 10) AS INTEGER)",
      ),
      sql`AND l.ref LIKE 'operator:%' AND l.user_id <> ${HOUSE_USER_ID}`,
    ),
    cells: (r) => [
      r.id,
      csvTime(r.timeMs as number),
      r.userId,
      r.username,
      r.type,
      money(r.cents as number),
      money(r.afterCents as number),
      r.reason,
      r.note,
      r.operator,
    ],
  },
  audit: {
    header: ["id", "time", "operator", "action", "target", "before", "after"],
    page: pageOf(
      sql.raw("SELECT a.id, a.created_at_ms AS timeMs, o.username AS operator, a.action, a.target, a.before, a.after"),
      "a.created_at_ms",
      "a.id",
      sql.raw("FROM audit_log a LEFT JOIN users o ON o.id = a.actor_id"),
    ),
    cells: (r) => [r.id, csvTime(r.timeMs as number), r.operator, r.action, r.target, r.before, r.after],
  },
};

export type ExportRange = { kind: ExportKind; fromMs: number; toMs: number };

/** The CSV as a stream: the header, then one page of rows per pull, until a page comes back short. */
export function exportStream(db: Db, range: ExportRange): ReadableStream<Uint8Array> {
  const source = SOURCES[range.kind];
  const encoder = new TextEncoder();
  const endMs = range.toMs + DAY_MS; // the last day is included
  let after: [number, number] = [range.fromMs - 1, 0];
  let headerSent = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvLine(source.header)));
          return;
        }
        if (done) return controller.close();
        const rows = await source.page(db, after, range.fromMs, endMs);
        if (rows.length > 0) {
          const last = rows[rows.length - 1];
          after = [last.cursorMs, last.cursorId];
          controller.enqueue(encoder.encode(rows.map((r) => csvLine(source.cells(r))).join("")));
        }
        if (rows.length < EXPORT_PAGE) {
          done = true;
          controller.close();
        }
      },
    },
    // one page waits at most: the next is read when the reader has taken this one
    { highWaterMark: 1 },
  );
}

export const exportFileName = (range: { kind: ExportKind; from: string; to: string }) =>
  `${range.kind}_${range.from}_${range.to}.csv`;
