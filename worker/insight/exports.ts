import type { AnyDb, ControlDb } from "../db/client";
import { type SQL, sql } from "drizzle-orm";
import { accountNames } from "../db/every-shard";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { DAY_MS } from "#shared/days";
import type { ApiLang } from "#shared/messages";
import { type CsvWords, csvWords } from "./csv-words";
import type { ExportKind } from "#shared/forms/insight";
import { splitNote } from "#shared/request-reasons";
import { type CsvCell, csvLine, csvMoney, csvText, csvTime } from "./csv";
import { type RequestKind, reasonRequestRef, requestRef } from "#shared/request-ref";
import { payoutAccountShort } from "#shared/payout-account";
import { ledgerReasons } from "../ledger/reasons";
import { auditLog, bankCards, depositRequests, ledger, soloAdjustments, users, withdrawalRequests } from "../db/schema";
import { adjustmentOfRow } from "../ledger/adjustment-of-row";

// CSV exports for reconciling outside the app: one kind of record over a range of player days (UTC+8),
// streamed a page at a time. Each page is the next EXPORT_PAGE rows after the last one sent, by (time,
// id) through an index on those columns, so a page costs the same at any depth and no more than one
// page is held at once, whatever the range holds.
// What a spreadsheet gets (docs/operations.md#exports): cells as csv.ts writes them, and every kind, status
// and action in the operator's language with its code in the next column.

export const EXPORT_PAGE = 1000;

type Row = Record<string, string | number | null> & { cursorMs: number; cursorId: number };
/** Where a page starts: after (time, id) of the last row sent, and on a tie after its database's number. */
type After = { ms: number; id: number; source: number };
type Source = {
  header: string[];
  page: (db: AnyDb, after: After, source: number, fromMs: number, toMs: number) => Promise<Row[]>;
  cells: (r: Row, words: CsvWords) => CsvCell[];
  /**
   * Columns that name an operator, each beside the column of their id: an operator's account is in the control
   * database, so a page's query answers the id only (it joins no operator's account) and the merged page is
   * named from the directory (docs/decisions/161, 176).
   */
  operators?: [idColumn: string, nameColumn: string][];
};

function pageOf(select: SQL, timeColumn: string, idColumn: string, from: SQL, extra: SQL = sql``) {
  const time = sql.raw(timeColumn);
  const id = sql.raw(idColumn);
  // a database numbered past the last row's takes the rows of its very (time, id) too: two databases that share
  // an id range (the control database and shard 0) may each hold one
  return (db: AnyDb, after: After, source: number, fromMs: number, toMs: number) =>
    db.all<Row>(sql`${select}, ${time} AS cursorMs, ${id} AS cursorId ${from}
      WHERE ${time} >= ${fromMs} AND ${time} < ${toMs}
        AND (${time}, ${id}) ${sql.raw(source > after.source ? ">=" : ">")} (${after.ms}, ${after.id}) ${extra}
      ORDER BY ${time}, ${id} LIMIT ${EXPORT_PAGE}`);
}

// A request is named by its one reference (shared/request-ref.ts, docs/decisions/173), as the player's screens and
// the console write it and as the console's history search finds it, never by its internal id. A deposit above the
// two-operator threshold is approved by two people (docs/decisions/061): the first approver is named beside the one
// who decided it.
type RequestDetail = { header: string; select: string; join: SQL; cell: (r: Row) => CsvCell };

// A deposit: the payer's name the player gave. A withdrawal: the account it is paid to, written short as the player's
// list writes it (the bank and the last four of its number, or the coin and the ends of its address), never the
// account's row id nor its whole number.
const PAYER: RequestDetail = {
  header: "payer",
  select: "r.pay_name AS payer",
  join: sql``,
  cell: (r) => csvText(r.payer),
};
const PAY_TO: RequestDetail = {
  header: "pay_to",
  select: "c.type AS cardType, c.bank AS cardBank, c.account AS cardAccount, c.address AS cardAddress",
  join: sql` LEFT JOIN ${bankCards} c ON c.id = r.bank_card_id`,
  cell: (r) =>
    r.cardType === null
      ? null
      : payoutAccountShort({
          type: String(r.cardType),
          bank: String(r.cardBank ?? ""),
          account: String(r.cardAccount ?? ""),
          address: String(r.cardAddress ?? ""),
        }),
};

const requests = (table: typeof depositRequests | typeof withdrawalRequests, detail: RequestDetail): Source => {
  const kind: RequestKind = table === depositRequests ? "deposit" : "withdrawal";
  const twoApprovers = kind === "deposit";
  return {
    header: [
      "reference",
      "time",
      "user_id",
      "username",
      "amount",
      "status",
      "status_code",
      "decided_at",
      "decided_by",
      ...(twoApprovers ? ["first_approved_by"] : []),
      detail.header,
      "reason",
      "reason_code",
      "note",
    ],
    page: pageOf(
      sql.raw(`SELECT r.id, r.created_at_ms AS timeMs, r.user_id AS userId, u.username, r.amount_cents AS cents, r.status,
      r.decided_at_ms AS decidedMs, r.decided_by AS decidedById,
      ${twoApprovers ? "r.first_approved_by" : "NULL"} AS firstApprovedById,
      ${detail.select}, r.note`),
      "r.created_at_ms",
      "r.id",
      sql`FROM ${table} r LEFT JOIN ${users} u ON u.id = r.user_id${detail.join}`,
    ),
    cells: (r, words) => [
      requestRef(kind, Number(r.id)),
      csvTime(r.timeMs),
      r.userId,
      csvText(r.username),
      csvMoney(r.cents),
      words.requestStatus(String(r.status)),
      csvText(r.status),
      csvTime(r.decidedMs),
      csvText(r.decidedBy),
      ...(twoApprovers ? [csvText(r.firstApprovedBy)] : []),
      detail.cell(r),
      ...noteCells(r.note, words),
    ],
    operators: [
      ["decidedById", "decidedBy"],
      ["firstApprovedById", "firstApprovedBy"],
    ],
  };
};

/** A decision's note "#preset words": the preset as the player reads it, its code, then the operator's words. */
function noteCells(note: string | number | null, words: CsvWords): CsvCell[] {
  const { key, rest } = splitNote(note === null ? null : String(note));
  return [key ? words.preset(key) : null, key, rest || null];
}

type StatementReason = { reason: string; reasonKey: string | null; reasonParams: string | null };

/**
 * A ledger row's reason as the player's statement gives it (worker/wallet/present.ts flowRow): a withdrawal's hold
 * (its ref is the request's key, found by the page's join as holdOf) names its request, as every other request's
 * row names it from its reason's parameters.
 */
function statementReason(r: Row): StatementReason {
  if (typeof r.holdOf === "number") {
    const hold = ledgerReasons.withdrawalOf(r.holdOf);
    return { reason: hold.text, reasonKey: hold.key, reasonParams: JSON.stringify(hold.params) };
  }
  const reasonKey = r.reasonKey === null ? null : String(r.reasonKey);
  // an operator's row names its adjustment, found as the statement finds it (worker/ledger/adjustment-of-row.ts)
  const adjustment = adjustmentOfRow({
    reasonKey,
    idempotencyKey: String(r.ledgerKey ?? ""),
    soloAdjustmentId: r.soloAdjustmentId === null ? null : Number(r.soloAdjustmentId),
  });
  return {
    reason: String(r.reason),
    reasonKey,
    reasonParams: adjustment ? withAdjustment(r.reasonParams, adjustment) : csvText(r.reasonParams),
  };
}

/** Stored reason parameters with the adjustment they belong to, as the statement gives them (rowReasonParams). */
function withAdjustment(stored: string | number | null, adjustment: object): string {
  let params: unknown = {};
  try {
    params = JSON.parse(String(stored ?? "{}"));
  } catch {
    // a row's parameters that are not JSON name nothing but the adjustment
  }
  return JSON.stringify({ ...(params && typeof params === "object" ? params : {}), ...adjustment });
}

/** The reference of the request a ledger row belongs to (shared/request-ref.ts), or null when it belongs to none. */
function requestOf(reason: StatementReason): string | null {
  if (!reason.reasonKey || !reason.reasonParams) return null;
  try {
    const params: unknown = JSON.parse(reason.reasonParams);
    return params && typeof params === "object"
      ? reasonRequestRef(reason.reasonKey, params as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

// An operator's credit or debit is written with ref operator:<id>, or operator:<asker>+<approver> when a
// second operator approved it (worker/wallet/adjustments.ts): both are named.
const OPERATOR_IDS = sql.raw(`CAST(substr(l.ref, 10) AS INTEGER)`);
const SECOND_OPERATOR_ID = sql.raw(
  `CASE WHEN instr(l.ref, '+') > 0 THEN CAST(substr(l.ref, instr(l.ref, '+') + 1) AS INTEGER) END`,
);

// An operator's row and the adjustment it belongs to: one made alone by its solo row, keyed by the row's key
// (a unique index), one queued by the key itself (worker/ledger/adjustment-of-row.ts).
const ADJUSTMENT_COLUMNS = "l.idempotency_key AS ledgerKey, sa.id AS soloAdjustmentId";
const ADJUSTMENT_JOIN = sql` LEFT JOIN ${soloAdjustments} sa ON sa.ledger_key = l.idempotency_key`;

const SOURCES: Record<ExportKind, Source> = {
  ledger: {
    header: [
      "id",
      "time",
      "user_id",
      "username",
      "kind",
      "kind_code",
      "amount",
      "before",
      "after",
      "reason",
      "reason_code",
      "reference",
    ],
    page: pageOf(
      sql.raw(`SELECT l.id, l.created_at_ms AS timeMs, l.user_id AS userId, u.username, l.type, l.amount_cents AS cents,
        l.before_cents AS beforeCents, l.after_cents AS afterCents, l.reason, l.reason_key AS reasonKey, l.reason_params AS reasonParams, w.id AS holdOf,
        ${ADJUSTMENT_COLUMNS}`),
      "l.created_at_ms",
      "l.id",
      // a withdrawal's hold, the player's row and the house's, by the request's key (worker/ledger/funds.ts)
      sql`FROM ${ledger} l LEFT JOIN ${users} u ON u.id = l.user_id LEFT JOIN ${withdrawalRequests} w ON l.type = 'wait' AND w.idempotency_key = l.ref${ADJUSTMENT_JOIN}`,
    ),
    cells: (r, words) => {
      const reason = statementReason(r);
      return [
        r.id,
        csvTime(r.timeMs),
        r.userId,
        csvText(r.username),
        words.ledgerKind(String(r.type)),
        csvText(r.type),
        csvMoney(r.cents),
        csvMoney(r.beforeCents),
        csvMoney(r.afterCents),
        words.ledgerReason(reason),
        reason.reasonKey,
        requestOf(reason),
      ];
    },
  },
  deposits: requests(depositRequests, PAYER),
  withdrawals: requests(withdrawalRequests, PAY_TO),
  // What operators credited or debited by hand: the players' ledger rows an operator made (ref operator:...).
  adjustments: {
    // reason: what the player reads; note: the operator's own words (before 0015, inside the reason)
    header: [
      "reference",
      "ledger_id",
      "time",
      "user_id",
      "username",
      "kind",
      "kind_code",
      "amount",
      "balance_after",
      "reason",
      "reason_code",
      "note",
      "operator",
      "second_operator",
    ],
    page: pageOf(
      sql`SELECT l.id, l.created_at_ms AS timeMs, l.user_id AS userId, u.username, l.type, l.amount_cents AS cents,
        l.after_cents AS afterCents, l.reason, l.reason_key AS reasonKey, l.reason_params AS reasonParams, l.operator_note AS note,
        ${OPERATOR_IDS} AS operatorId, ${SECOND_OPERATOR_ID} AS secondOperatorId,
        ${sql.raw(ADJUSTMENT_COLUMNS)}`,
      "l.created_at_ms",
      "l.id",
      sql`FROM ${ledger} l LEFT JOIN ${users} u ON u.id = l.user_id${ADJUSTMENT_JOIN}`,
      sql`AND l.ref LIKE 'operator:%' AND l.user_id <> ${HOUSE_USER_ID}`,
    ),
    cells: (r, words) => {
      const reason = statementReason(r);
      return [
        requestOf(reason),
        r.id,
        csvTime(r.timeMs),
        r.userId,
        csvText(r.username),
        words.ledgerKind(String(r.type)),
        csvText(r.type),
        csvMoney(r.cents),
        csvMoney(r.afterCents),
        words.ledgerReason(reason),
        csvText(r.reasonKey),
        csvText(r.note),
        csvText(r.operator),
        csvText(r.secondOperator),
      ];
    },
    operators: [
      ["operatorId", "operator"],
      ["secondOperatorId", "secondOperator"],
    ],
  },
  audit: {
    header: ["id", "time", "operator", "action", "action_code", "target", "before", "after"],
    page: pageOf(
      sql.raw("SELECT a.id, a.created_at_ms AS timeMs, a.actor_id AS actorId, a.action, a.target, a.before, a.after"),
      "a.created_at_ms",
      "a.id",
      sql`FROM ${auditLog} a`,
    ),
    cells: (r, words) => [
      r.id,
      csvTime(r.timeMs),
      csvText(r.operator),
      words.auditAction(String(r.action)),
      csvText(r.action),
      csvText(r.target),
      csvText(r.before),
      csvText(r.after),
    ],
    operators: [["actorId", "operator"]],
  },
};

export type ExportRange = { kind: ExportKind; fromMs: number; toMs: number };

/** The databases an export reads, each with its number (worker/db/every-shard.ts controlAndShards). */
export type ExportDatabases = { control: ControlDb; databases: { db: AnyDb; source: number }[] };

const byCursor = (a: Row & { source: number }, b: Row & { source: number }) =>
  a.cursorMs - b.cursorMs || a.cursorId - b.cursorId || a.source - b.source;

/**
 * One page of the export from every database: each one's next EXPORT_PAGE rows, merged by (time, id, database),
 * the first EXPORT_PAGE kept, and the operators named from the directory.
 */
async function mergedExportPage(source: Source, from: ExportDatabases, after: After, fromMs: number, toMs: number) {
  const pages = await Promise.all(
    from.databases.map(async ({ db, source: n }) =>
      (await source.page(db, after, n, fromMs, toMs)).map((r): Row & { source: number } => ({ ...r, source: n })),
    ),
  );
  const rows = pages.flat().sort(byCursor).slice(0, EXPORT_PAGE);
  const operators = source.operators ?? [];
  if (!operators.length) return rows;
  const names = await accountNames(
    from.control,
    rows.flatMap((r) => operators.map(([id]) => (r[id] === null ? null : Number(r[id])))),
  );
  return rows.map((r) => {
    const named: Row & { source: number } = { ...r };
    for (const [id, name] of operators)
      named[name] = named[id] === null ? null : (names.get(Number(named[id])) ?? null);
    return named;
  });
}

/**
 * The CSV as a stream: the header, then one page of rows per pull, until a page comes back short. The rows
 * come from every database the kind is kept in (the wallet shards, and the control database for the audit).
 */
export function exportStream(from: ExportDatabases, range: ExportRange, lang: ApiLang): ReadableStream<Uint8Array> {
  const source = SOURCES[range.kind];
  const words = csvWords(lang);
  const encoder = new TextEncoder();
  const endMs = range.toMs + DAY_MS; // the last day is included
  let after: After = { ms: range.fromMs - 1, id: 0, source: -1 };
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
        const rows = await mergedExportPage(source, from, after, range.fromMs, endMs);
        if (rows.length > 0) {
          const last = rows[rows.length - 1];
          after = { ms: last.cursorMs, id: last.cursorId, source: last.source };
          controller.enqueue(encoder.encode(rows.map((r) => csvLine(source.cells(r, words))).join("")));
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
