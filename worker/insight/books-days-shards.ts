import type { ControlDb, WalletDb } from "../db/client";
import {
  type DayProblem,
  type Figures,
  type Movement,
  booksBeganAt,
  closeBooksDaysWhenDue,
  storedDays,
  todaySoFar,
} from "./books-days";
import type { DayStatus } from "./books-days-view";
import { DAY_MS, parseDate } from "#shared/days";

// The books per day across wallet shards (docs/decisions/161): each shard closes its own days on its own books
// (worker/insight/books-days.ts, rounds read from the control database), and the day the console and the
// accountant read is the sum of the shards' days. A day is closed when every shard that had books by its end
// closed it; one shard that refuses it makes it refused, with that shard's problems named by shard.

/** A problem of one shard's day, with the shard it is in. */
export type ShardDayProblem = DayProblem & { shard: number };

export type SummedDay = {
  day: string;
  status: DayStatus;
  opening: Figures;
  closing: Figures;
  movements: Movement[];
  problems: ShardDayProblem[];
};

const NO_FIGURES: Figures = { playersCents: 0, houseCents: 0, inPlayCents: 0, financeCents: 0 };

const addFigures = (a: Figures, b: Figures): Figures => ({
  playersCents: a.playersCents + b.playersCents,
  houseCents: a.houseCents + b.houseCents,
  inPlayCents: a.inPlayCents + b.inPlayCents,
  financeCents: a.financeCents + b.financeCents,
});

/** The movements of several shards' day: one line per side and kind, in the order one shard's are read. */
function addMovements(lists: Movement[][]): Movement[] {
  const summed = new Map<string, Movement>();
  for (const m of lists.flat()) {
    const key = `${m.side}\u0000${m.kind}`;
    const was = summed.get(key);
    summed.set(key, was ? { ...was, cents: was.cents + m.cents, rows: was.rows + m.rows } : { ...m });
  }
  return [...summed.values()].sort((a, b) => b.side.localeCompare(a.side) || a.kind.localeCompare(b.kind));
}

type ShardDay = { opening: Figures; closing: Figures; movements: Movement[]; problems: DayProblem[] };

function addDays(day: string, parts: { shard: number; part: ShardDay }[], status: DayStatus): SummedDay {
  return {
    day,
    status,
    opening: parts.reduce((sum, p) => addFigures(sum, p.part.opening), NO_FIGURES),
    closing: parts.reduce((sum, p) => addFigures(sum, p.part.closing), NO_FIGURES),
    movements: addMovements(parts.map((p) => p.part.movements)),
    problems: parts.flatMap((p) => p.part.problems.map((problem) => ({ ...problem, shard: p.shard }))),
  };
}

/** When each shard's books began (null: no books yet): a shard that began after a day has none of it. */
const booksBegan = (shards: WalletDb[]) => Promise.all(shards.map(booksBeganAt));

/**
 * The stored days between two dates (both included), newest first, summed over the shards. A day a shard that
 * had books by its end has not stored yet is left out: the sum would be missing that shard's part.
 */
export async function storedDaysOfShards(shards: WalletDb[], fromDay: string, toDay: string): Promise<SummedDay[]> {
  const [each, began] = await Promise.all([
    Promise.all(shards.map((db) => storedDays(db, fromDay, toDay))),
    booksBegan(shards),
  ]);
  const days = [...new Set(each.flatMap((list) => list.map((d) => d.day)))].sort().reverse();
  const out: SummedDay[] = [];
  for (const day of days) {
    const endMs = parseDate(day)! + DAY_MS;
    const parts: { shard: number; part: ShardDay; status: string }[] = [];
    let missing = false;
    for (const [shard, list] of each.entries()) {
      const stored = list.find((d) => d.day === day);
      if (stored) parts.push({ shard, part: stored, status: stored.status });
      else if (began[shard] !== null && began[shard]! < endMs) missing = true;
    }
    if (missing) continue;
    const status = parts.some((p) => p.status === "refused") ? "refused" : "closed";
    out.push(addDays(day, parts, status));
  }
  return out;
}

/** Today so far in every shard, summed: it must equal the live books check's totals. */
export async function todayOfShards(shards: WalletDb[], control: ControlDb, nowMs: number): Promise<SummedDay> {
  const parts = await Promise.all(shards.map((db) => todaySoFar(db, nowMs, control)));
  return addDays(
    parts[0]?.day ?? "",
    parts.map((part, shard) => ({ shard, part })),
    "open",
  );
}

/** The cron's call: each shard closes its finished days on its own. */
export const closeEveryShardsDaysWhenDue = (shards: WalletDb[], control: ControlDb, nowMs: number) =>
  Promise.all(shards.map((db) => closeBooksDaysWhenDue(db, nowMs, control)));
