import { Hono } from "hono";
import type { AtRiskList, BooksCheck, Charts, RiskFile } from "#shared/answers/console-insight";
import type { ActionDone } from "#shared/answers/console-routes";
import { sql } from "drizzle-orm";
import { ok } from "../envelope";
import { ProductError } from "#shared/product-error";
import { requireOperator } from "../context";
import type { AppEnv } from "../types";
import { checkEveryShard, lastBooksCheck } from "../../insight/books";
import { controlAndShards, shardOfPlayer } from "../../db/every-shard";
import { cashByDay, pendingAges, playByDay, roomReturns } from "../../insight/charts";
import { chartsForm, exportForm, riskInteractionForm } from "#shared/forms/insight";
import { interactionStatement, interactionsOf, playersAtRisk, riskMarkers } from "../../insight/risk";
import { playerIdForm } from "#shared/forms/operators";
import { getUserById } from "../../accounts/users";
import { exportFileName, exportStream } from "../../insight/exports";
import { auditStatement } from "../../audit/log";
import { runInOneBatch } from "../../db/batch";
import { parseBody } from "#shared/fields";
import { playerBooks } from "../../operators/player-shards";
import { rooms as roomsTable, games } from "../../db/schema";

// What the console shows without acting: the live books check, the charts, the markers of
// harm, the exports. Reads need the least operator role (viewer); each route names its guard on its own
// line so the role middleware can tag it.
export const adminInsightRoutes = new Hono<AppEnv>();
const viewer = [requireOperator] as const;

adminInsightRoutes.post("/api/admin/books", ...viewer, async (c) =>
  ok(c, (await lastBooksCheck(c.var.db.wallets)) satisfies BooksCheck),
);

/** A check now of every wallet shard, besides the cron's: it writes only each shard's own books_checks row. */
adminInsightRoutes.post("/api/admin/books/check", ...viewer, async (c) => {
  await checkEveryShard(c.var.db, Date.now());
  return ok(c, (await lastBooksCheck(c.var.db.wallets)) satisfies BooksCheck);
});

adminInsightRoutes.post("/api/admin/charts", ...viewer, async (c) => {
  const form = parseBody(chartsForm, c.get("body"));
  const db = c.var.db.control;
  const nowMs = Date.now();
  const shards = c.var.db.wallets;
  const [play, cash, pending, returns, rooms] = await Promise.all([
    playByDay(db, shards, { days: form.days, roomId: form.roomId, nowMs }),
    cashByDay(shards, { days: form.days, nowMs }),
    pendingAges(shards, nowMs),
    roomReturns(db, shards, { days: form.days, nowMs }),
    db.all<{ id: number; title: string; titleKey: string }>(
      sql`SELECT r.id, r.title, g.title_key AS titleKey FROM ${roomsTable} r JOIN ${games} g ON g.id = r.game_id ORDER BY r.id`,
    ),
  ]);
  return ok(c, {
    days: form.days,
    roomId: form.roomId,
    play,
    cash,
    pending,
    returns,
    rooms,
    at: nowMs,
  } satisfies Charts);
});

/** A CSV export, streamed (worker/insight/exports.ts); the audit row is written before the first byte. */
adminInsightRoutes.post("/api/admin/export", ...viewer, async (c) => {
  const form = parseBody(exportForm, c.get("body"));
  const db = c.var.db.control;
  const nowMs = Date.now();
  await runInOneBatch(db, [
    auditStatement(db, {
      actorId: c.get("user").id,
      action: `export.${form.kind}`,
      target: `export:${form.kind}`,
      after: { from: form.from, to: form.to },
      nowMs,
    }),
  ]);
  // the audit log is kept in the control database and the shards, the money records in the shards only
  const databases =
    form.kind === "audit"
      ? await controlAndShards(c.var.db)
      : c.var.db.wallets.map((shard, n) => ({ db: shard, source: n + 1 }));
  return new Response(exportStream({ control: db, databases }, form, c.get("lang")), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(form)}"`,
    },
  });
});

adminInsightRoutes.post("/api/admin/risk", ...viewer, async (c) =>
  ok(c, { list: await playersAtRisk(c.var.db.control, c.var.db.wallets, Date.now()) } satisfies AtRiskList),
);

adminInsightRoutes.post("/api/admin/risk/player", ...viewer, async (c) => {
  const { userId: id } = parseBody(playerIdForm, c.get("body"));
  const control = c.var.db.control;
  // the player's rows are in their shard (docs/decisions/161)
  const shard = await shardOfPlayer(control, id);
  const db = shard === undefined ? undefined : c.var.db.wallet(shard);
  const player = db && (await getUserById(db, id));
  if (!db || !player || player.role === "house") throw new ProductError(1002);
  const [markers, interactions] = await Promise.all([
    riskMarkers(control, [db], Date.now(), id),
    interactionsOf(db, control, id),
  ]);
  return ok(c, { player: { id, username: player.username }, markers, interactions } satisfies RiskFile);
});

/**
 * A note, a message sent or a limit suggested, written with its audit row in one batch in the player's shard
 * (docs/decisions/161); the answer names the operators from the control database, where they are.
 */
adminInsightRoutes.post("/api/admin/risk/interact", ...viewer, async (c) => {
  const form = parseBody(riskInteractionForm, c.get("body"));
  const operatorId = c.get("user").id;
  if (form.userId === operatorId) throw new ProductError(1002);
  const { control, wallet: db } = await playerBooks(c.var.db, form.userId);
  const player = await getUserById(db, form.userId);
  if (!player || player.role !== "player") throw new ProductError(1002);
  const nowMs = Date.now();
  await runInOneBatch(db, [
    interactionStatement(db, { userId: form.userId, operatorId, kind: form.kind, text: form.text, nowMs }),
    auditStatement(db, {
      actorId: operatorId,
      action: `risk.${form.kind}`,
      target: `user:${form.userId}`,
      after: { text: form.text },
      nowMs,
    }),
  ]);
  return ok(c, { interactions: await interactionsOf(db, control, form.userId) } satisfies ActionDone);
});
