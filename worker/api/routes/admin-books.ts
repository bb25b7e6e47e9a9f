import { Hono } from "hono";
import type { BooksDays } from "#shared/answers/console-insight";
import { ok } from "../envelope";
import { requireOperator } from "../context";
import type { AppEnv } from "../types";
import { auditStatement } from "../../audit/log";
import { runInOneBatch } from "../../db/batch";
import { lastBooksCheck } from "../../insight/books";
import { storedDaysOfShards, todayOfShards } from "../../insight/books-days-shards";
import { type StatementOfDay, booksDaysCsv, dayView } from "../../insight/books-days-view";
import { booksDaysForm, booksExportForm } from "#shared/forms/insight";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { parseBody } from "#shared/fields";

// The books per day (worker/insight/books-days.ts) for the console and the accountant's CSV: reads,
// so the least operator role (viewer); the CSV is audited like every export.
export const adminBooksRoutes = new Hono<AppEnv>();
const viewer = [requireOperator] as const;
/** Closed days a page shows, newest first; page 1 starts with today so far. */
const DAYS_A_PAGE = 14;

adminBooksRoutes.post("/api/admin/books/days", ...viewer, async (c) => {
  const { page } = parseBody(booksDaysForm, c.get("body"));
  const db = c.var.db.control;
  const nowMs = Date.now();
  const newest = dayStartMs(nowMs) - ((page - 1) * DAYS_A_PAGE + 1) * DAY_MS;
  const shards = c.var.db.wallets;
  const [days, today, live] = await Promise.all([
    storedDaysOfShards(shards, formatDate(newest - (DAYS_A_PAGE - 1) * DAY_MS), formatDate(newest)),
    page === 1 ? todayOfShards(shards, db, nowMs) : null,
    lastBooksCheck(shards),
  ]);
  return ok(c, {
    page,
    days: days.map(dayView),
    today: today ? dayView({ ...today, status: "open" }) : null,
    live,
    at: nowMs,
  } satisfies BooksDays);
});

/** The statement of a range of days as CSV (closed and refused days, and today so far when in range). */
adminBooksRoutes.post("/api/admin/books/days/export", ...viewer, async (c) => {
  const form = parseBody(booksExportForm, c.get("body"));
  const db = c.var.db.control;
  const nowMs = Date.now();
  await runInOneBatch(db, [
    auditStatement(db, {
      actorId: c.get("user").id,
      action: "export.books",
      target: "export:books",
      after: { from: form.from, to: form.to },
      nowMs,
    }),
  ]);
  const today = formatDate(nowMs);
  const shards = c.var.db.wallets;
  const days: StatementOfDay[] = await storedDaysOfShards(shards, form.from, form.to);
  if (form.from <= today && today <= form.to) days.push(await todayOfShards(shards, db, nowMs));
  return new Response(booksDaysCsv(days, c.get("lang")), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="books_${form.from}_${form.to}.csv"`,
    },
  });
});
