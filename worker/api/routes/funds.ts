import { Hono } from "hono";
import { ok } from "../envelope";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { LEDGER_ROW_KEY_WIDTH, ledgerRowKey, listLedgerRows } from "../../ledger/funds";
import { pageAt, pagedList } from "../../db/paging";
import { dateRangeWindow, formatDate, periodWindow } from "#shared/days";
import { PAGE_SIZE, financeFlowForm } from "#shared/forms/wallet";
import { flowRow } from "../../wallet/present";
import type { FlowList } from "#shared/answers/wallet";

// The funds ledger (/my_income): the player's own ledger rows by tab or date range, in UTC+8 days.
export const fundsRoutes = new Hono<AppEnv>();

fundsRoutes.post("/api/game/getfinanceflow", requireUser, async (c) => {
  const form = parseBody(financeFlowForm, c.get("body"));
  const window =
    form.start !== null && form.end !== null
      ? dateRangeWindow(form.start, form.end)
      : periodWindow(form.type, Date.now());
  const at = pageAt(form, PAGE_SIZE, LEDGER_ROW_KEY_WIDTH);
  const rows = await listLedgerRows(playerDb(c), {
    userId: c.get("user").id,
    fromMs: window?.fromMs,
    toMs: window?.toMs,
    at,
  });
  return ok(c, {
    ...pagedList(rows, at, ledgerRowKey, flowRow),
    start: window ? formatDate(window.fromMs) : "",
    end: window ? formatDate(window.toMs - 1) : "",
  } satisfies FlowList);
});
