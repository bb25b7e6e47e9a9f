import { Hono } from "hono";
import { ok } from "../envelope";
import { requireOperator } from "../context";
import type { AppEnv } from "../types";
import { getDb } from "../../db/client";
import { checkBooks, lastBooksCheck } from "../../insight/books";
import { cashByDay, pendingAges, playByDay, roomReturns } from "../../insight/charts";
import { chartsForm } from "../../insight/forms";
import { parseBody } from "../validate";

// What the console shows without acting (issue 29): the live books check, the charts, the markers of
// harm, the exports. Reads need the least operator role (viewer); each route names its guard on its own
// line so the role middleware can tag it.
export const adminInsightRoutes = new Hono<AppEnv>();
const viewer = [requireOperator] as const;

adminInsightRoutes.post("/api/admin/books", ...viewer, async (c) => ok(c, await lastBooksCheck(getDb(c.env))));

/** A check now, besides the cron's: it writes only its own books_checks row. */
adminInsightRoutes.post("/api/admin/books/check", ...viewer, async (c) => {
  const db = getDb(c.env);
  await checkBooks(db, Date.now());
  return ok(c, await lastBooksCheck(db));
});

adminInsightRoutes.post("/api/admin/charts", ...viewer, async (c) => {
  const form = parseBody(chartsForm, c.get("body"));
  const db = getDb(c.env);
  const nowMs = Date.now();
  const [play, cash, pending, returns] = await Promise.all([
    playByDay(db, { days: form.days, roomId: form.roomId, nowMs }),
    cashByDay(db, { days: form.days, nowMs }),
    pendingAges(db, nowMs),
    roomReturns(db, { days: form.days, nowMs }),
  ]);
  return ok(c, { days: form.days, roomId: form.roomId, play, cash, pending, returns, at: nowMs });
});
