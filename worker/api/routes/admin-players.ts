import { type Context, Hono } from "hono";
import type { Paged } from "#shared/answers/paging";
import type { ActionDone } from "#shared/answers/console-routes";
import type { PasswordReset, PlayerFile, PlayerRow } from "#shared/answers/console-players";
import type { Adjustment, AdjustmentFiled, AdjustmentHistoryRow, RequestDecided } from "#shared/answers/console-wallet";
import { ok } from "../envelope";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { accountNames, shardOfPlayer } from "../../db/every-shard";
import { ProductError } from "#shared/product-error";
import {
  ADJUSTMENT_KEY_WIDTH,
  adjustmentKey,
  askAdjustment,
  cancelAdjustment,
  decideAdjustment,
  listPendingAdjustments,
} from "../../wallet/adjustments";
import { pageAt, pagedList } from "../../db/paging";
import {
  adjustmentHistoryKey,
  ADJUSTMENT_HISTORY_KEY_WIDTH,
  adjustmentHistoryRow,
  adjustmentSeq,
  listAdjustmentHistoryOfShards,
} from "../../wallet/adjustment-history";
import { parseAdjustmentRef, parseRequestRef } from "#shared/request-ref";
import { mergedPage } from "../../db/keyset";
import { adjustmentDecisionForm, adjustmentHistoryForm, playerIdForm, playerSearchForm } from "#shared/forms/operators";
import {
  PLAYERS_PAGE_SIZE,
  playerFile,
  playerKey,
  PLAYER_KEY_WIDTH,
  resetLoginPassword,
  revokeSessions,
  searchPlayers,
  setFrozen,
} from "../../players/console";
import { adjustForm, filterQuery, pageForm, PAGE_SIZE } from "#shared/forms/wallet";
import { requestKey } from "../../wallet/keys";
import { toMoney } from "#shared/money";
import { sessionsChanged } from "../session-memo";
import { soloRoomCents } from "../../wallet/solo-adjustments";
import { playerBooks, requestBooks } from "../../operators/player-shards";
import { adjustmentRequests } from "../../db/schema";

// Players as the operator sees and handles them (docs/product.md#operators), with four eyes on money.
export const adminPlayerRoutes = new Hono<AppEnv>();

const act = (c: { get(k: "body"): Record<string, unknown>; get(k: "user"): { id: number } }) => ({
  operatorId: c.get("user").id,
  userId: parseBody(playerIdForm, c.get("body")).userId,
  nowMs: Date.now(),
});

/**
 * The player's shard, where an action on their account writes with its audit row (docs/decisions/161). An
 * operator's own account is refused first (1123), as the action itself would: it is in no shard.
 */
async function booksOf(c: Context<AppEnv>, userId: number) {
  if (userId === c.get("user").id) throw new ProductError(1123);
  return playerBooks(c.var.db, userId);
}

adminPlayerRoutes.post("/api/admin/players", async (c) => {
  const form = parseBody(playerSearchForm, c.get("body"));
  const at = pageAt(form, PLAYERS_PAGE_SIZE, PLAYER_KEY_WIDTH);
  const rows = await searchPlayers(c.var.db.control, c.var.db.wallets, { query: form.query, at });
  const page = pagedList(rows, at, playerKey, (r) =>
    r.account
      ? {
          id: r.id,
          username: r.username,
          phone: r.phone,
          role: r.account.role,
          level: r.account.level,
          money: toMoney(r.account.moneyCents),
          frozen: r.account.frozen === 1,
          createdAt: r.account.createdAtMs,
        }
      : null,
  );
  return ok(c, { ...page, list: page.list.filter((r) => r !== null) } satisfies Paged<PlayerRow>);
});

adminPlayerRoutes.post("/api/admin/players/get", async (c) => {
  const db = c.var.db.control;
  const { userId } = parseBody(playerIdForm, c.get("body"));
  const nowMs = Date.now();
  // the player's rows are in their shard (docs/decisions/161); an account with none is no player's file
  const shard = await shardOfPlayer(db, userId);
  if (shard === undefined) throw new ProductError(1002);
  const wallet = c.var.db.wallet(shard);
  // the player's 24 hours are in their shard, the operator's over every shard in the control database
  const [file, soloRoom] = await Promise.all([
    playerFile(wallet, db, userId, nowMs),
    soloRoomCents({ control: db, wallet }, c.get("user").id, userId, nowMs),
  ]);
  // what the asking operator may still move alone for this player: the confirm step says when a credit waits
  return ok(c, { ...file, soloLeft: toMoney(soloRoom) } satisfies PlayerFile);
});
// These end sessions: sessionsChanged makes later calls of the same request look sessions up again. Each writes
// in the player's shard, where their account, sessions and the action's audit row are one batch.
adminPlayerRoutes.post("/api/admin/players/freeze", async (c) => {
  const a = act(c);
  const { wallet } = await booksOf(c, a.userId);
  return ok(
    c,
    (await setFrozen(wallet, { ...a, frozen: true }).finally(() => sessionsChanged(c))) satisfies ActionDone,
  );
});
adminPlayerRoutes.post("/api/admin/players/unfreeze", async (c) => {
  const a = act(c);
  const { wallet } = await booksOf(c, a.userId);
  return ok(c, (await setFrozen(wallet, { ...a, frozen: false })) satisfies ActionDone);
});
adminPlayerRoutes.post("/api/admin/players/revoke-sessions", async (c) => {
  const a = act(c);
  const { wallet } = await booksOf(c, a.userId);
  return ok(c, (await revokeSessions(wallet, a).finally(() => sessionsChanged(c))) satisfies ActionDone);
});
adminPlayerRoutes.post("/api/admin/players/reset-password", async (c) => {
  const a = act(c);
  const { wallet } = await booksOf(c, a.userId);
  return ok(
    c,
    (await resetLoginPassword(wallet, readConfig(c.env).pepper, a).finally(() =>
      sessionsChanged(c),
    )) satisfies PasswordReset,
  );
});

adminPlayerRoutes.post("/api/admin/adjust", async (c) => {
  const form = parseBody(adjustForm, c.get("body"));
  const operatorId = c.get("user").id;
  const nowMs = Date.now();
  // Keyed by operator and player: the same amount for two players in one minute is two adjustments.
  const key = requestKey("adj", `${operatorId}:${form.userId}`, form.request_id);
  return ok(
    c,
    (await askAdjustment(await booksOf(c, form.userId), {
      operatorId,
      userId: form.userId,
      amountCents: form.money,
      text: form.text,
      reason: form.reason,
      key,
      nowMs,
    })) satisfies AdjustmentFiled,
  );
});

adminPlayerRoutes.post("/api/admin/adjustments", async (c) => {
  const at = pageAt(parseBody(pageForm, c.get("body")), PAGE_SIZE, ADJUSTMENT_KEY_WIDTH);
  const rows = await mergedPage(c.var.db.wallets, at, "asc", adjustmentKey, (db, page) =>
    listPendingAdjustments(db, page),
  );
  const names = await accountNames(
    c.var.db.control,
    rows.map((r) => r.requestedById),
  );
  return ok(
    c,
    pagedList(rows, at, adjustmentKey, (r) => ({
      id: r.id,
      userId: r.userId,
      username: r.username,
      money: toMoney(r.amountCents),
      text: r.text,
      reason: r.reason,
      requestedBy: names.get(r.requestedById) ?? null,
      requestedById: r.requestedById,
      time: r.createdAtMs,
    })) satisfies Paged<Adjustment>,
  );
});

/**
 * The player field also takes a reference (shared/request-ref.ts, docs/decisions/195): an adjustment's names that
 * adjustment alone, a deposit's or a withdrawal's none of them.
 */
function referenceQuery(player: string): { seq: number; username: undefined } | Record<string, never> {
  const adjustment = parseAdjustmentRef(player);
  if (adjustment) return { seq: adjustmentSeq(adjustment.made, adjustment.id), username: undefined };
  return parseRequestRef(player) ? { seq: 0, username: undefined } : {};
}

adminPlayerRoutes.post("/api/admin/adjustments/history", async (c) => {
  const form = parseBody(adjustmentHistoryForm, c.get("body"));
  const at = pageAt(form, PAGE_SIZE, ADJUSTMENT_HISTORY_KEY_WIDTH);
  const rows = await listAdjustmentHistoryOfShards(c.var.db.control, c.var.db.wallets, {
    status: form.status === "all" ? undefined : form.status,
    ...filterQuery(form),
    ...referenceQuery(form.player),
    at,
  });
  return ok(c, pagedList(rows, at, adjustmentHistoryKey, adjustmentHistoryRow) satisfies Paged<AdjustmentHistoryRow>);
});

// A queued adjustment is decided, or cancelled, in the shard of its request. Each route answers through its own
// `ok`, which holds the answer to its path's type (worker/api/envelope.ts).
async function decide(c: Context<AppEnv>, approve: boolean): Promise<RequestDecided> {
  const { id } = parseBody(adjustmentDecisionForm, c.get("body"));
  const { wallet } = await requestBooks(c.var.db, adjustmentRequests, id);
  return decideAdjustment(wallet, { operatorId: c.get("user").id, id, approve, nowMs: Date.now() });
}
adminPlayerRoutes.post("/api/admin/adjustments/approve", async (c) =>
  ok(c, (await decide(c, true)) satisfies RequestDecided),
);
adminPlayerRoutes.post("/api/admin/adjustments/reject", async (c) =>
  ok(c, (await decide(c, false)) satisfies RequestDecided),
);
adminPlayerRoutes.post("/api/admin/adjustments/cancel", async (c) => {
  const { id } = parseBody(adjustmentDecisionForm, c.get("body"));
  const { wallet } = await requestBooks(c.var.db, adjustmentRequests, id);
  return ok(
    c,
    (await cancelAdjustment(wallet, { operatorId: c.get("user").id, id, nowMs: Date.now() })) satisfies RequestDecided,
  );
});
