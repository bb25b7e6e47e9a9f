import { ProductError } from "#shared/product-error";
import type { OperatorProtection } from "#shared/answers/console-players";
import { shardOfPlayer } from "../../db/every-shard";
import { Hono } from "hono";
import * as z from "zod";
import { ok } from "../envelope";
import { playerDb, requireUser } from "../context";
import { integerId, parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { balanceBefore, ledgerSummary, netResultCents } from "../../ledger/funds";
import { listExclusions } from "../../protection/queries";
import { markRealityCheckSeen } from "../../accounts/sessions";
import { toMoney } from "#shared/money";
import { realityCheckForm, selfExcludeForm, setLimitForm } from "#shared/forms/protection";
import { excludeSelf, limitsView, protectionView, realityCheckView, setLimit } from "../../protection/service";
import { setRealityCheckMinutes } from "../../accounts/users";
import { formatDate, periodWindow, dateRangeWindow } from "#shared/days";
import { financeFlowForm } from "#shared/forms/wallet";
import { checkPayPassword } from "../../wallet/pay-password";
import { sessionsChanged } from "../session-memo";
import type { Statement } from "#shared/answers/account";
import type { ExclusionStarted, LimitsSet, Protection, RealityCheck } from "#shared/answers/protection";

// Player protection (docs/product.md#player-protection): limits, time-outs and self-exclusions, reality checks, statement.
export const protectionRoutes = new Hono<AppEnv>();

protectionRoutes.post("/api/game/getprotection", requireUser, async (c) => {
  const user = c.get("user");
  return ok(c, (await protectionView(playerDb(c), user.id, user.sessionId, Date.now())) satisfies Protection);
});

protectionRoutes.post("/api/game/setlimit", requireUser, async (c) => {
  const form = parseBody(setLimitForm, c.get("body"));
  const db = playerDb(c);
  const userId = c.get("user").id;
  const nowMs = Date.now();
  await setLimit(db, userId, form.kind, form.period, form.money, nowMs);
  return ok(c, { limits: await limitsView(db, userId, nowMs) } satisfies LimitsSet);
});

protectionRoutes.post("/api/game/selfexclude", requireUser, async (c) => {
  const form = parseBody(selfExcludeForm, c.get("body"));
  const db = playerDb(c);
  const userId = c.get("user").id;
  const nowMs = Date.now();
  await checkPayPassword(db, readConfig(c.env).pepper, userId, form.pwd, nowMs);
  const exclusion = await excludeSelf(db, userId, form.period, nowMs);
  sessionsChanged(c);
  return ok(c, {
    period: exclusion.period,
    start: exclusion.startAtMs,
    until: exclusion.endAtMs,
  } satisfies ExclusionStarted);
});

protectionRoutes.post("/api/game/setrealitycheck", requireUser, async (c) => {
  const { minutes } = parseBody(realityCheckForm, c.get("body"));
  const db = playerDb(c);
  const user = c.get("user");
  await setRealityCheckMinutes(db, user.id, minutes);
  return ok(c, (await realityCheckView(db, user.id, user.sessionId, Date.now())) satisfies RealityCheck);
});

protectionRoutes.post("/api/game/getrealitycheck", requireUser, async (c) => {
  const user = c.get("user");
  return ok(c, (await realityCheckView(playerDb(c), user.id, user.sessionId, Date.now())) satisfies RealityCheck);
});

/** "Keep playing": the next reality check comes one interval from now. */
protectionRoutes.post("/api/game/realitycheckseen", requireUser, async (c) => {
  const db = playerDb(c);
  const user = c.get("user");
  const nowMs = Date.now();
  await markRealityCheckSeen(db, user.sessionId, nowMs);
  return ok(c, (await realityCheckView(db, user.id, user.sessionId, nowMs)) satisfies RealityCheck);
});

/** Net result over a period (the funds ledger's tabs or a date range), from the ledger. */
protectionRoutes.post("/api/game/getstatement", requireUser, async (c) => {
  const form = parseBody(financeFlowForm, c.get("body"));
  const nowMs = Date.now();
  const window =
    form.start !== null && form.end !== null ? dateRangeWindow(form.start, form.end) : periodWindow(form.type, nowMs);
  const fromMs = window?.fromMs ?? 0;
  const toMs = window?.toMs ?? nowMs + 1;
  const db = playerDb(c);
  const userId = c.get("user").id;
  // the balance the period opened and closed with, read from the ledger itself at both ends
  const [s, openingCents, closingCents] = await Promise.all([
    ledgerSummary(db, userId, fromMs, toMs),
    balanceBefore(db, userId, fromMs),
    balanceBefore(db, userId, toMs),
  ]);
  return ok(c, {
    start: window ? formatDate(fromMs) : "",
    end: window ? formatDate(toMs - 1) : "",
    deposits: toMoney(s.depositsCents),
    withdrawals: toMoney(s.withdrawalsCents),
    stakes: toMoney(s.stakesCents),
    awards: toMoney(s.awardsCents),
    refunds: toMoney(s.refundsCents),
    net: toMoney(netResultCents(s)),
    lockups: toMoney(s.lockupsCents),
    principal: toMoney(s.principalCents),
    interest: toMoney(s.interestCents),
    adjustments: toMoney(s.adjustmentsCents),
    other: toMoney(s.otherCents),
    change: toMoney(Object.values(s).reduce((sum, cents) => sum + cents, 0)),
    opening: toMoney(openingCents),
    closing: toMoney(closingCents),
  } satisfies Statement);
});

/** The operator's read-only view of a player's protection: nothing here changes it. */
protectionRoutes.post("/api/admin/protection", async (c) => {
  const { userId } = parseBody(z.object({ userId: integerId() }), c.get("body"));
  // the player's limits and exclusions are in their wallet shard (docs/decisions/161)
  const shard = await shardOfPlayer(c.var.db.control, userId);
  if (shard === undefined) throw new ProductError(1002);
  const db = c.var.db.wallet(shard);
  const nowMs = Date.now();
  const [limits, exclusions] = await Promise.all([limitsView(db, userId, nowMs), listExclusions(db, userId)]);
  return ok(c, {
    limits,
    exclusions: exclusions.map((e) => ({
      period: e.period,
      start: e.startAtMs,
      until: e.endAtMs,
      active: e.startAtMs <= nowMs && (e.endAtMs === null || e.endAtMs > nowMs),
    })),
  } satisfies OperatorProtection);
});
