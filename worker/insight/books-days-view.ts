import { toMoney } from "#shared/money";
import type { ApiLang } from "#shared/messages";
import type { DayProblem, DayStatement, Figures, Movement } from "./books-days";
import { csvWords } from "./csv-words";
import { csvLine, csvMoney } from "./csv";

// The books per day as the console shows them (money, not cents) and as the accountant's CSV: one line
// for the opening, one per kind of movement, one for the closing, so that in a spreadsheet each day's
// opening plus its movements equals its closing, column by column.

export type DayStatus = "closed" | "refused" | "open";
export type StatementOfDay = Pick<DayStatement, "day" | "opening" | "closing" | "movements" | "problems"> & {
  status: DayStatus;
};

const figuresView = (f: Figures) => ({
  players: toMoney(f.playersCents),
  house: toMoney(f.houseCents),
  inPlay: toMoney(f.inPlayCents),
  finance: toMoney(f.financeCents),
});
const movementView = (m: Movement) => ({ side: m.side, kind: m.kind, amount: toMoney(m.cents), rows: m.rows });

/** A problem as the console shows it, with the wallet shard whose books it is in (docs/decisions/161). */
function problemView(p: DayProblem & { shard?: number }) {
  return p.shard === undefined ? problemFields(p) : { ...problemFields(p), shard: p.shard };
}

function problemFields(p: DayProblem) {
  switch (p.kind) {
    case "previous-not-closed":
      return p;
    case "opening":
      return {
        kind: p.kind,
        line: p.line.replace(/Cents$/, ""),
        closed: toMoney(p.closedCents),
        books: toMoney(p.booksCents),
        ledgerIds: p.ledgerIds,
      };
    case "sum":
      return { kind: p.kind, closing: figuresView(p.closing) };
    case "unpaired":
      return { kind: p.kind, ledgerId: p.ledgerId, userId: p.userId, amount: toMoney(p.amountCents), key: p.key };
    case "round":
      return {
        kind: p.kind,
        roundId: p.roundId,
        type: p.type,
        ledger: toMoney(p.ledgerCents),
        bets: toMoney(p.betsCents),
        ledgerIds: p.ledgerIds,
      };
    case "finance":
      return {
        kind: p.kind,
        opening: toMoney(p.openingCents),
        moved: toMoney(p.movedCents),
        closing: toMoney(p.closingCents),
      };
  }
}

export function dayView(s: StatementOfDay) {
  return {
    day: s.day,
    status: s.status,
    opening: figuresView(s.opening),
    closing: figuresView(s.closing),
    movements: s.movements.map(movementView),
    problems: s.problems.map(problemView),
  };
}

const BOOKS_CSV_HEADER = [
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
];

/** The days as CSV lines, oldest first, in the operator's language with each code beside its word. */
export function booksDaysCsv(days: StatementOfDay[], lang: ApiLang): string {
  const words = csvWords(lang);
  const lines = [csvLine(BOOKS_CSV_HEADER)];
  for (const d of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    const head = [d.day, words.booksWord(`status.${d.status}`), d.status];
    const figures = (f: Figures) => [
      csvMoney(f.playersCents),
      csvMoney(f.houseCents),
      csvMoney(f.inPlayCents),
      csvMoney(f.financeCents),
    ];
    lines.push(csvLine([...head, words.booksWord("line.opening"), "opening", null, null, ...figures(d.opening), null]));
    for (const kind of [...new Set(d.movements.map((m) => m.kind))].sort()) {
      const of = (side: Movement["side"]) => d.movements.find((m) => m.kind === kind && m.side === side);
      const [players, house] = [of("players"), of("house")];
      lines.push(
        csvLine([
          ...head,
          words.booksWord("line.movement"),
          "movement",
          words.ledgerKind(kind),
          kind,
          csvMoney(players?.cents ?? 0),
          csvMoney(house?.cents ?? 0),
          null,
          null,
          (players?.rows ?? 0) + (house?.rows ?? 0),
        ]),
      );
    }
    lines.push(csvLine([...head, words.booksWord("line.closing"), "closing", null, null, ...figures(d.closing), null]));
  }
  return lines.join("");
}
