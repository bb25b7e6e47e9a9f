import type { ControlDb } from "../db/client";
import { and, eq, like, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import { ProductError } from "#shared/product-error";
import type { AuditAction } from "#shared/audit";
import type { SettingRequest } from "#shared/answers/console-operators";
import { roleAllows } from "#shared/operators/roles";
import { auditStatement, auditStatementIf } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { settingRequests, users, settings } from "../db/schema";

// Where players pay and what a coin payout is worth are money (docs/decisions/167-money-settings-four-eyes.md):
// a change of the deposit payees, the coin payout rates, the deposit mode or the support link (where players
// may be told where to pay, docs/decisions/171) is a request a second admin approves, the same four eyes as
// power over operators (worker/operators/operator-requests.ts). The settings row keeps the approved value
// until the approval batch writes the new one, so players only ever see approved values.
// A home-page banner that leads outside the site is a request of the same kind (key banner:<id>, or banner:new
// for a new banner; docs/decisions/188-banners-leading-outside-wait-for-a-second-admin.md): the banners keep
// the approved one, and its approval is written by worker/content/banner-changes.ts.
// Nobody approves their own request; the asker may withdraw it; one waiting change per setting or banner.

export type MoneySetting = "deposit_payees" | "coin_payouts" | "deposit_mode" | "kefu_url";
/** A banner's change waiting for a second admin: the banner it changes, or `new`. */
export type BannerChangeKey = `banner:${number}` | "banner:new";
type RequestKey = MoneySetting | BannerChangeKey;

const isBannerChange = (key: string): key is BannerChangeKey => key.startsWith("banner:");

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

/**
 * How the audit log names a request's steps (settings.payees.ask, banner.link.approve), what it is about, and
 * how it records a value: a setting under its field's name, a banner by its own fields (link, sort, images).
 * `busy` refuses a second waiting change of the same setting (1243) or banner (1258).
 */
function requestWords(key: RequestKey) {
  if (isBannerChange(key))
    return {
      action: (step: "ask" | "approve" | "reject") => `banner.link.${step}` as const,
      target: key as string,
      fields: (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {}),
      busy: 1258,
    };
  return {
    action: (step: "ask" | "approve" | "reject") => `settings.${AUDIT_NAME[key]}.${step}` as AuditAction,
    target: "settings",
    fields: (value: unknown) => ({ [FIELD[key]]: value }),
    busy: 1243,
  };
}

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

export type SettingAsk<K extends RequestKey = RequestKey> = { key: K; before: unknown; value: unknown };

/**
 * The statements that file a change of a money setting or a banner with its audit row, for the batch of the
 * save; an ask equal to the approved value files nothing. A change already waiting for the same setting or banner
 * refuses another (1243, 1258) unless it asks the very same value, which is then no new request.
 */
export async function settingAskStatements<K extends RequestKey>(
  db: ControlDb,
  actorId: number,
  asks: SettingAsk<K>[],
  nowMs: number,
) {
  const statements = [];
  const filed: K[] = [];
  for (const ask of asks) {
    if (canonicalJson(ask.before) === canonicalJson(ask.value)) continue;
    const words = requestWords(ask.key);
    const waiting = await waitingChange(db, ask.key);
    if (waiting) {
      if (canonicalJson(waiting.value) === canonicalJson(ask.value)) continue;
      throw new ProductError(words.busy);
    }
    filed.push(ask.key);
    statements.push(
      db.insert(settingRequests).values({
        key: ask.key,
        before: JSON.stringify(ask.before),
        value: JSON.stringify(ask.value),
        requestedBy: actorId,
        createdAtMs: nowMs,
      }),
      auditStatement(db, {
        actorId,
        action: words.action("ask"),
        target: words.target,
        before: words.fields(ask.before),
        after: { ...words.fields(ask.value), waitsForSecondAdmin: true },
        nowMs,
      }),
    );
  }
  return { statements, filed };
}

/** The change of a setting or banner waiting for a second admin, if one does: its id and the value asked. */
export async function waitingChange(db: ControlDb, key: RequestKey) {
  const [row] = await db
    .select({ id: settingRequests.id, value: settingRequests.value })
    .from(settingRequests)
    .where(and(eq(settingRequests.key, key), eq(settingRequests.status, "pending")));
  return row && { id: row.id, value: JSON.parse(row.value) as unknown };
}

/**
 * A waiting banner change withdrawn because its banner is taken down (docs/decisions/185): the request cancelled by
 * the operator who deleted the banner and its audit row (banner.link.withdraw), for the delete's own batch. Each
 * changes a row only while the request still waits, so a decision in between keeps its own outcome.
 */
export function withdrawnWithBannerStatements(
  db: ControlDb,
  change: { id: number; key: BannerChangeKey; value: unknown },
  actorId: number,
  nowMs: number,
): BatchItem<"sqlite">[] {
  const withdrawn: SQL = sql`EXISTS (SELECT 1 FROM ${settingRequests} WHERE id = ${change.id} AND status = 'cancelled' AND decided_by = ${actorId} AND decided_at_ms = ${nowMs})`;
  return [
    db
      .update(settingRequests)
      .set({ status: "cancelled", decidedBy: actorId, decidedAtMs: nowMs })
      .where(and(eq(settingRequests.id, change.id), eq(settingRequests.status, "pending"))),
    auditStatementIf(
      db,
      {
        actorId,
        action: "banner.link.withdraw",
        target: change.key,
        before: { request: change.id, ...requestWords(change.key).fields(change.value) },
        after: { status: "cancelled" },
        nowMs,
      },
      withdrawn,
    ),
  ];
}

/** The values asked by every banner change still waiting (their images stay in the bucket until decided). */
export async function waitingBannerValues(db: ControlDb): Promise<unknown[]> {
  const rows = await db
    .select({ value: settingRequests.value })
    .from(settingRequests)
    .where(and(like(settingRequests.key, "banner:%"), eq(settingRequests.status, "pending")));
  return rows.map((r) => JSON.parse(r.value) as unknown);
}

/** After a batch that filed changes failed: another operator's change of the same setting won the race (1243, 1258). */
export async function raceLostOrThrow(db: ControlDb, filed: RequestKey[], error: unknown): Promise<never> {
  for (const key of filed) if (await waitingChange(db, key)) throw new ProductError(requestWords(key).busy);
  throw error;
}

const askers = alias(users, "askers");

/** The request's key as the console reads it: the setting, or "banner" with the banner it changes. */
function presentedKey(key: string): Pick<SettingRequest, "key" | "banner"> {
  if (!isBannerChange(key)) return { key: key as MoneySetting, banner: null };
  const banner = key.slice("banner:".length);
  return { key: "banner", banner: banner === "new" ? "new" : Number(banner) };
}

/**
 * Changes of money settings and banners waiting for a second admin, oldest first: the approved value, the one
 * asked, who asked.
 */
export async function listSettingRequests(db: ControlDb): Promise<SettingRequest[]> {
  const rows = await db
    .select({
      id: settingRequests.id,
      key: settingRequests.key,
      before: settingRequests.before,
      value: settingRequests.value,
      requestedById: settingRequests.requestedBy,
      requestedBy: askers.username,
      createdAtMs: settingRequests.createdAtMs,
    })
    .from(settingRequests)
    .innerJoin(askers, eq(askers.id, settingRequests.requestedBy))
    .where(eq(settingRequests.status, "pending"))
    // every waiting request: at most one waits per key (a money setting, a banner, one new banner), so the list is
    // bounded by the settings and the banners' own cap; a shorter page hid the later ones, which then could be
    // neither seen nor decided
    .orderBy(settingRequests.id);
  return rows.map(({ value, before, key, ...r }) => ({
    ...r,
    ...presentedKey(key),
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
 * How an approved banner change is written (worker/content/banner-changes.ts): its statements, each guarded by
 * `decided` (this very approval is the request's decision), and the audit row's target, the banner.
 */
export type BannerChangeWriter = (
  /** the change as asked: the banner as it was then (`before`, null for a new one) and as asked (`value`) */
  change: { key: BannerChangeKey; before: unknown; value: unknown },
  decided: SQL,
) => Promise<{ statements: BatchItem<"sqlite">[]; target: string | SQL }>;

/**
 * A decision on a change of a money setting or a banner. An admin other than the asker approves; the asker may
 * only withdraw it (a rejection by them is a cancel), and anyone else's rejection is an admin's. The batch is the
 * guarded status change, the setting (or the banner, by `writeBanner`) and the audit row, each written only when
 * this very approval is the request's decision (the pattern of decideOperatorRequest), so a second approval
 * changes nothing.
 */
export async function decideSettingRequest(db: ControlDb, d: SettingDecision, writeBanner: BannerChangeWriter) {
  const [request] = await db.select().from(settingRequests).where(eq(settingRequests.id, d.id));
  if (!request) throw new ProductError(1088);
  const own = request.requestedBy === d.actorId;
  if (d.approve && own) throw new ProductError(1123);
  if ((d.approve || !own) && !roleAllows(d.actorRole, "admin")) throw new ProductError(1174);
  if (request.status !== "pending") throw new ProductError(1128);
  const status = d.approve ? "approved" : own ? "cancelled" : "rejected";
  const now: SQL = sql`EXISTS (SELECT 1 FROM ${settingRequests} WHERE id = ${d.id} AND status = ${status} AND decided_by = ${d.actorId} AND decided_at_ms = ${d.nowMs})`;
  const key = request.key as RequestKey;
  const words = requestWords(key);
  const written = !d.approve
    ? { statements: [], target: words.target }
    : isBannerChange(key)
      ? await writeBanner({ key, before: JSON.parse(request.before), value: JSON.parse(request.value) }, now)
      : {
          statements: [
            db.run(sql`INSERT INTO ${settings} (key, value) SELECT ${key}, ${request.value} WHERE ${now}
              ON CONFLICT(key) DO UPDATE SET value = excluded.value`),
          ],
          target: words.target,
        };
  const [changed] = await runInOneBatch(db, [
    db
      .update(settingRequests)
      .set({ status, decidedBy: d.actorId, decidedAtMs: d.nowMs })
      .where(and(eq(settingRequests.id, d.id), eq(settingRequests.status, "pending"))),
    ...written.statements,
    auditStatementIf(
      db,
      {
        actorId: d.actorId,
        action: words.action(d.approve ? "approve" : "reject"),
        target: written.target,
        before: { request: d.id, ...words.fields(JSON.parse(request.before)), askedBy: request.requestedBy },
        after: { status, ...words.fields(JSON.parse(request.value)) },
        nowMs: d.nowMs,
      },
      now,
    ),
  ]);
  if (changed.meta.changes !== 1) throw new ProductError(1128);
  return { id: d.id, key, status };
}
