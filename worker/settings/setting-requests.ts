import type { ControlDb } from "../db/client";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { ProductError } from "#shared/product-error";
import type { AuditAction } from "#shared/audit";
import { roleAllows } from "#shared/operators/roles";
import { auditStatement, auditStatementIf } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { settingRequests, users } from "../db/schema";

// Where players pay and what a coin payout is worth are money (docs/decisions/167-money-settings-four-eyes.md):
// a change of the deposit payees, the coin payout rates, the deposit mode or the support link (where players
// may be told where to pay, docs/decisions/171) is a request a second admin approves, the same four eyes as
// power over operators (worker/operators/operator-requests.ts). The settings row keeps the approved value
// until the approval batch writes the new one, so players only ever see approved values.
// Nobody approves their own request; the asker may withdraw it; one waiting change per setting.

type MoneySetting = "deposit_payees" | "coin_payouts" | "deposit_mode" | "kefu_url";

/** The audit words of each setting: settings.payees.ask, settings.kefu.approve and so on (shared/audit.ts). */
const AUDIT_NAME = {
  deposit_payees: "payees",
  coin_payouts: "coins",
  deposit_mode: "depositMode",
  kefu_url: "kefu",
} as const satisfies Record<MoneySetting, string>;
/** The field name the console's audit view and settings screen know the value by (app/components/admin/AuditValues.tsx). */
const FIELD = {
  deposit_payees: "payees",
  coin_payouts: "coin_payouts",
  deposit_mode: "deposit_mode",
  kefu_url: "kefu_url",
} as const satisfies Record<MoneySetting, string>;

/** One JSON text for equal values, whatever the order of an object's keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

export type SettingAsk = { key: MoneySetting; before: unknown; value: unknown };

/**
 * The statements that file a change of a money setting with its audit row, for the batch of the settings
 * save; an ask equal to the approved value files nothing. A change already waiting for the same setting
 * refuses another (1243) unless it asks the very same value, which is then no new request.
 */
export async function settingAskStatements(db: ControlDb, actorId: number, asks: SettingAsk[], nowMs: number) {
  const statements = [];
  const filed: MoneySetting[] = [];
  for (const ask of asks) {
    if (canonicalJson(ask.before) === canonicalJson(ask.value)) continue;
    const waiting = await pendingOf(db, ask.key);
    if (waiting) {
      if (canonicalJson(JSON.parse(waiting.value)) === canonicalJson(ask.value)) continue;
      throw new ProductError(1243);
    }
    filed.push(ask.key);
    statements.push(
      db.run(sql`INSERT INTO setting_requests (key, before, value, requested_by, created_at_ms)
        VALUES (${ask.key}, ${JSON.stringify(ask.before)}, ${JSON.stringify(ask.value)}, ${actorId}, ${nowMs})`),
      auditStatement(db, {
        actorId,
        action: `settings.${AUDIT_NAME[ask.key]}.ask` as AuditAction,
        target: "settings",
        before: { [FIELD[ask.key]]: ask.before },
        after: { [FIELD[ask.key]]: ask.value, waitsForSecondAdmin: true },
        nowMs,
      }),
    );
  }
  return { statements, filed };
}

async function pendingOf(db: ControlDb, key: MoneySetting) {
  const [row] = await db
    .select({ id: settingRequests.id, value: settingRequests.value })
    .from(settingRequests)
    .where(and(eq(settingRequests.key, key), eq(settingRequests.status, "pending")));
  return row;
}

/** After a batch that filed changes failed: another operator's change of the same setting won the race (1243). */
export async function raceLostOrThrow(db: ControlDb, filed: MoneySetting[], error: unknown): Promise<never> {
  for (const key of filed) if (await pendingOf(db, key)) throw new ProductError(1243);
  throw error;
}

const askers = alias(users, "askers");

/** Changes of money settings waiting for a second admin, oldest first: the approved value, the one asked, who asked. */
export async function listSettingRequests(db: ControlDb) {
  const rows = await db
    .select({
      id: settingRequests.id,
      key: settingRequests.key,
      before: settingRequests.before,
      value: settingRequests.value,
      status: settingRequests.status,
      requestedById: settingRequests.requestedBy,
      requestedBy: askers.username,
      createdAtMs: settingRequests.createdAtMs,
    })
    .from(settingRequests)
    .innerJoin(askers, eq(askers.id, settingRequests.requestedBy))
    .where(eq(settingRequests.status, "pending"))
    .orderBy(settingRequests.id)
    .limit(20);
  return rows.map(({ value, before, ...r }) => ({
    ...r,
    key: r.key as MoneySetting,
    before: JSON.parse(before) as unknown,
    after: JSON.parse(value) as unknown,
  }));
}

type SettingDecision = {
  actorId: number;
  actorRole: string | null | undefined;
  id: number;
  approve: boolean;
  nowMs: number;
};

/**
 * A decision on a change of a money setting. An admin other than the asker approves; the asker may only
 * withdraw it (a rejection by them is a cancel), and anyone else's rejection is an admin's. The batch is the
 * guarded status change, the setting and the audit row, each written only when this very approval is the
 * request's decision (the pattern of decideOperatorRequest), so a second approval changes nothing.
 */
export async function decideSettingRequest(db: ControlDb, d: SettingDecision) {
  const [request] = await db.select().from(settingRequests).where(eq(settingRequests.id, d.id));
  if (!request) throw new ProductError(1088);
  const own = request.requestedBy === d.actorId;
  if (d.approve && own) throw new ProductError(1123);
  if ((d.approve || !own) && !roleAllows(d.actorRole, "admin")) throw new ProductError(1174);
  if (request.status !== "pending") throw new ProductError(1128);
  const status = d.approve ? "approved" : own ? "cancelled" : "rejected";
  const now: SQL = sql`EXISTS (SELECT 1 FROM setting_requests WHERE id = ${d.id} AND status = ${status} AND decided_by = ${d.actorId} AND decided_at_ms = ${d.nowMs})`;
  const key = request.key as MoneySetting;
  const field = FIELD[key];
  const [changed] = await runInOneBatch(db, [
    db
      .update(settingRequests)
      .set({ status, decidedBy: d.actorId, decidedAtMs: d.nowMs })
      .where(and(eq(settingRequests.id, d.id), eq(settingRequests.status, "pending"))),
    ...(d.approve
      ? [
          db.run(sql`INSERT INTO settings (key, value) SELECT ${key}, ${request.value} WHERE ${now}
            ON CONFLICT(key) DO UPDATE SET value = excluded.value`),
        ]
      : []),
    auditStatementIf(
      db,
      {
        actorId: d.actorId,
        action: `settings.${AUDIT_NAME[key]}.${d.approve ? "approve" : "reject"}` as AuditAction,
        target: "settings",
        before: { request: d.id, [field]: JSON.parse(request.before), askedBy: request.requestedBy },
        after: { status, [field]: JSON.parse(request.value) },
        nowMs: d.nowMs,
      },
      now,
    ),
  ]);
  if (changed.meta.changes !== 1) throw new ProductError(1128);
  return { id: d.id, key, status };
}
