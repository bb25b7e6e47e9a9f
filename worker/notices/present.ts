import type { NoticeRow } from "./queries";
import { toMoney } from "#shared/money";
import { playerNote } from "#shared/request-reasons";

// A notice as the API answers it (docs/decisions/142): its kind and parameters, money as the contract's
// decimals (`amountCents` becomes `amount`), never rendered words: the app words it in the reader's language.

type Param = string | number | null;

function wireParams(json: string): Record<string, Param> {
  const stored = JSON.parse(json) as Record<string, Param>;
  const out: Record<string, Param> = {};
  for (const [name, value] of Object.entries(stored)) {
    // a rejection's note is its preset alone, also for notices written before presets were required
    if (name === "note") out.note = typeof value === "string" ? playerNote(value) : null;
    else if (name.endsWith("Cents"))
      out[name.slice(0, -"Cents".length)] = typeof value === "number" ? toMoney(value) : null;
    else out[name] = value;
  }
  return out;
}

export function noticeView(row: NoticeRow) {
  return {
    id: row.id,
    kind: row.kind,
    params: wireParams(row.params),
    time: row.createdAtMs,
    read: row.readAtMs !== null,
  };
}
