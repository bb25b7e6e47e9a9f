import type { ControlDb } from "../db/client";
import { and, eq, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { staysInsideSite } from "#shared/operators/links";
import { runInOneBatch } from "../db/batch";
import { banners } from "../db/schema";
import {
  raceLostOrThrow,
  settingAskStatements,
  waitingChange,
  type BannerChangeKey,
  type BannerChangeWriter,
} from "../settings/setting-requests";

// A home-page banner whose link leaves the site could send every player to a "pay here" page of anyone's choosing:
// where players pay is money, so such a banner waits for a second admin, through the requests of the money
// settings (worker/settings/setting-requests.ts; docs/decisions/188-banners-leading-outside-wait-for-a-second-admin.md).
// The banner is asked for whole (its images, link and place), since its picture says what the link is for; the
// banners table keeps the approved one, which players go on seeing until the approval writes the new one.
// A banner whose link stays inside the site (a path such as /activity/3) is saved at once, as before.

export const MAX_BANNERS = 50;

/** A banner as players see it: its image per language, its link and its place among the slides. */
export type BannerFields = { path: string; pathTw: string; pathYw: string; pathVi: string; link: string; sort: number };

const fieldsOf = (b: BannerFields): BannerFields => ({
  path: b.path,
  pathTw: b.pathTw,
  pathYw: b.pathYw,
  pathVi: b.pathVi,
  link: b.link,
  sort: b.sort,
});

const changeKey = (id: number | undefined): BannerChangeKey => (id === undefined ? "banner:new" : `banner:${id}`);

/** Saving this banner waits for a second admin: its link leads outside the site. */
export const leadsOutside = (banner: BannerFields) => !staysInsideSite(banner.link);

/** 1258 while a change of this banner waits for a second admin: an edit or a delete comes after its decision. */
export async function refuseWhileChangeWaits(db: ControlDb, id: number) {
  if (await waitingChange(db, changeKey(id))) throw new ProductError(1258);
}

/**
 * Files the banner as asked (`existing` undefined: a new one) for a second admin, with its audit row
 * (banner.link.ask) in the same batch. A banner asked as it is approved files nothing; the change already waiting
 * asked again is no new request; another change of the same banner, or a second new banner leading outside,
 * waits for the first to be decided (1258). Answers whether a change of this banner now waits.
 */
export async function askForBanner(
  db: ControlDb,
  operatorId: number,
  existing: (BannerFields & { id: number }) | undefined,
  asked: BannerFields,
  nowMs: number,
): Promise<boolean> {
  const key = changeKey(existing?.id);
  const { statements, filed } = await settingAskStatements(
    db,
    operatorId,
    [{ key, before: existing ? fieldsOf(existing) : null, value: fieldsOf(asked) }],
    nowMs,
  );
  if (statements.length > 0)
    await runInOneBatch(db, statements).catch((error: unknown) => raceLostOrThrow(db, filed, error));
  return (await waitingChange(db, key)) !== undefined;
}

/**
 * The approval of a banner change, for the batch of decideSettingRequest: the banner written as asked, guarded by
 * `decided`. A new banner takes the next id inside the batch, and the audit row names it from there, so a banner
 * created at the same moment cannot take it from under the approval. 1148 when the slides are already full, 1149
 * when the banner is gone, 1259 when it is no longer the banner the change was asked for.
 */
export function bannerChangeWriter(db: ControlDb): BannerChangeWriter {
  return async ({ key, before, value }, decided) => {
    const b = fieldsOf(value as BannerFields);
    if (key === "banner:new") {
      if ((await db.$count(banners)) >= MAX_BANNERS) throw new ProductError(1148);
      return {
        statements: [
          db.run(sql`INSERT INTO ${banners} (id, path, path_tw, path_yw, path_vi, link, sort)
            SELECT (SELECT COALESCE(MAX(id), 0) + 1 FROM ${banners}), ${b.path}, ${b.pathTw}, ${b.pathYw}, ${b.pathVi},
              ${b.link}, ${b.sort}
            WHERE ${decided}`),
        ],
        target: sql`'banner:' || (SELECT MAX(id) FROM ${banners})`,
      };
    }
    const id = Number(key.slice("banner:".length));
    const [now] = await db.select().from(banners).where(eq(banners.id, id));
    if (!now) throw new ProductError(1149);
    // the banner the change was asked for, as it was then: not another slide that took its id after a delete, nor
    // one edited since (an approval would write over what nobody asked to change)
    if (JSON.stringify(fieldsOf(now)) !== JSON.stringify(fieldsOf(before as BannerFields)))
      throw new ProductError(1259);
    return {
      statements: [
        db
          .update(banners)
          .set(b)
          .where(and(eq(banners.id, id), decided)),
      ],
      target: key,
    };
  };
}
