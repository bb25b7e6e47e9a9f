import { Hono } from "hono";
import { ok } from "../envelope";
import { requireUser } from "../context";
import { parseBody } from "../validate";
import type { AppEnv } from "../types";
import { getDb } from "../../db/client";
import { listLedgerRows } from "../../db/funds";
import { dateRangeWindow, formatDate, periodWindow } from "../../wallet/days";
import { PAGE_SIZE, financeFlowForm } from "../../wallet/forms";
import { flowRow, pageOf } from "../../wallet/present";

// The funds ledger (/my_income): the player's own ledger rows by tab or date range, in UTC+8 days.
export const fundsRoutes = new Hono<AppEnv>();

fundsRoutes.post("/api/game/getfinanceflow", requireUser, async (c) => {
  const form = parseBody(financeFlowForm, c.get("body"));
  const window =
    form.start !== null && form.end !== null ? dateRangeWindow(form.start, form.end) : periodWindow(form.type, Date.now());
  const rows = await listLedgerRows(getDb(c.env), {
    userId: c.get("user").id,
    fromMs: window?.fromMs,
    toMs: window?.toMs,
    limit: PAGE_SIZE + 1,
    offset: (form.page - 1) * PAGE_SIZE,
  });
  return ok(c, {
    ...pageOf(rows.map(flowRow), form.page, PAGE_SIZE),
    start: window ? formatDate(window.fromMs) : "",
    end: window ? formatDate(window.toMs - 1) : "",
  });
});
