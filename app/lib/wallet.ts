// Pure helpers of the wallet screens: no I/O, the same answer on the server and in the browser.

import { DAY_MS, FLOW_PERIODS, type FlowPeriod } from "#shared/days";
import { playerDate } from "./player-time";

/**
 * What an amount box accepts while typing: digits and one decimal point, at most two decimals
 * (the server refuses anything else with 1050 anyway). Everything else typed or pasted is dropped.
 */
export function filterAmountInput(raw: string): string {
  let out = "";
  let decimals = -1;
  for (const ch of raw) {
    if (ch === "." || ch === "," || ch === "。") {
      if (decimals >= 0) continue;
      out += out === "" ? "0." : ".";
      decimals = 0;
    } else if (ch >= "0" && ch <= "9") {
      if (decimals >= 2) continue;
      if (decimals < 0 && out.replace(/^0+/, "").length >= 12) continue;
      out += ch;
      if (decimals >= 0) decimals++;
    }
  }
  // "007" reads as 7; keep a lone "0" and "0.x".
  return out.replace(/^0+(?=\d)/, "");
}

/** Pages that may be the back arrow of /recharge/{back}: "activity-16" -> /activity/16. */
const BACK_TARGETS: Record<string, "plain" | "id"> = {
  index: "plain",
  user: "plain",
  withdraw: "plain",
  my_income: "plain",
  betlist: "plain",
  lotteryprize: "plain",
  activity: "id",
  bjsc: "id",
  room_list: "id",
};

/**
 * The back arrow of the deposit page. Only our own pages, spelled `name` or `name-id`, so a link
 * like /recharge/evil.example can never send the player elsewhere. Unknown values give null.
 */
export function rechargeBackPath(back: string | undefined): string | null {
  if (!back) return null;
  const match = /^([a-z_]{1,20})(?:-(\d{1,9}))?$/i.exec(back);
  if (!match) return null;
  const name = match[1].toLowerCase();
  const kind = BACK_TARGETS[name];
  if (!kind) return null;
  if (kind === "id") return match[2] ? `/${name}/${Number(match[2])}` : null;
  if (match[2]) return null;
  return name === "index" ? "/" : `/${name}`;
}

export function isDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** The date range drawer opens on three days back through today (docs/product.md#screens). */
export function defaultLedgerRange(nowMs: number): { start: string; end: string } {
  return { start: playerDate(nowMs - 3 * DAY_MS), end: playerDate(nowMs) };
}

export const LEDGER_TABS = FLOW_PERIODS;
export type LedgerTab = FlowPeriod;

export type LedgerFilter = { type: LedgerTab; start: string | null; end: string | null; page: number };

/**
 * The funds ledger's URL (?type=, ?start=&end=, ?page=) as the query it asks for. Dates pass through
 * as typed (read the reader's way by `readDay`, app/lib/date-entry.server.ts) when both are there (the API answers 1001/1072 for bad ones); a range wins over the tab.
 */
export function ledgerFilterOf(search: URLSearchParams, readDay: (text: string) => string): LedgerFilter {
  const type = search.get("type");
  const start = readDay(search.get("start") ?? "") || null;
  const end = readDay(search.get("end") ?? "") || null;
  const ranged = start !== null || end !== null;
  return {
    type: !ranged && LEDGER_TABS.includes(type as LedgerTab) ? (type as LedgerTab) : "all",
    start: ranged ? (start ?? "") : null,
    end: ranged ? (end ?? "") : null,
    page: pageOf(search),
  };
}

/** ?page= as a page number from 1; anything odd is page 1. */
export function pageOf(search: URLSearchParams): number {
  const raw = search.get("page");
  if (!raw || !/^\d{1,4}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** The same URL search with another page (page 1 drops the parameter). */
export function withPage(
  search: URLSearchParams,
  page: number,
  cursor: { after?: string | null; before?: string | null } = {},
): string {
  const next = new URLSearchParams(search);
  next.delete("after");
  next.delete("before");
  if (page <= 1) next.delete("page");
  else {
    next.set("page", String(page));
    // A page's cursor (docs/decisions/112): the API reads it from the index, whatever the page number.
    if (cursor.after) next.set("after", cursor.after);
    else if (cursor.before) next.set("before", cursor.before);
  }
  const text = next.toString();
  return text ? `?${text}` : "?";
}

/** The list cursor of a page's URL, handed to the API as the contract's `after` / `before`. */
export function pageCursor(search: URLSearchParams): { after?: string; before?: string } {
  const after = search.get("after");
  const before = search.get("before");
  return after ? { after } : before ? { before } : {};
}

/** "All" on the withdrawal form: the withdrawable figure the API answers (within the day's cap already). */
export function withdrawAllAmount(withdrawable: number): string {
  return (Math.max(0, Math.round(withdrawable * 100)) / 100).toFixed(2);
}
