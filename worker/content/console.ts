import type { ControlDb } from "../db/client";
import { asc, desc, eq, max } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import { ProductError } from "#shared/product-error";
import { parseBody } from "#shared/fields";
import { articleForm, articleListForm, bannerForm } from "#shared/forms/content";
import { pageOf } from "../db/paging";
import { auditStatement } from "../audit/log";
import { findArticle, sanitizedArticle, saveArticleStatement, type ArticleRow } from "./article-queries";
import { runInOneBatch } from "../db/batch";
import { articles, banners } from "../db/schema";
import { removeUnreferencedImages, requireStoredImages } from "../media/banner-images";
import { articleSummary } from "./articles";
import type { ApiLang } from "#shared/messages";
import { waitingBannerValues, waitingChange, withdrawnWithBannerStatements } from "../settings/setting-requests";
import { askForBanner, leadsOutside, MAX_BANNERS, refuseWhileChangeWaits, type BannerFields } from "./banner-changes";

// Articles (groups 9, 14, 26, in four languages: docs/decisions/030) and banners as the operator
// writes them. HTML is sanitized on write; each change goes into one batch with its audit row. A banner leading
// outside the site waits for a second admin instead (worker/content/banner-changes.ts).

const ARTICLES_PAGE_SIZE = 20;

/** A group's articles as the console lists them, each summed up in the operator's language. */
export async function listArticlesForOperator(db: ControlDb, body: unknown, lang: ApiLang) {
  const form = parseBody(articleListForm, body);
  const rows = await db
    .select()
    .from(articles)
    .where(eq(articles.groupId, form.group))
    .orderBy(asc(articles.sort), desc(articles.createdAtMs), desc(articles.id))
    .limit(ARTICLES_PAGE_SIZE + 1)
    .offset((form.page - 1) * ARTICLES_PAGE_SIZE);
  return pageOf(
    rows.map((r) => ({
      ...articleFields(r),
      summary: articleSummary(r, lang),
      missing: missingLanguages(r),
    })),
    form.page,
    ARTICLES_PAGE_SIZE,
  );
}

/** The languages an article has no title or no text in (its readers there see the fallback, docs/decisions/030). */
function missingLanguages(r: ArticleRow): ("chs" | "en" | "cht" | "vi")[] {
  const texts = {
    chs: [r.title, r.content],
    en: [r.titleYw, r.contentYw],
    cht: [r.titleFt, r.contentFt],
    vi: [r.titleVi, r.contentVi],
  } as const;
  return (Object.keys(texts) as (keyof typeof texts)[]).filter((lang) => texts[lang].some((v) => v.trim() === ""));
}

export async function articleForOperator(db: ControlDb, id: number) {
  const row = await findArticle(db, id);
  if (!row) throw new ProductError(1100);
  return articleFields(row);
}

function articleFields(r: ArticleRow) {
  return {
    id: r.id,
    group: r.groupId,
    title: r.title,
    title_ft: r.titleFt,
    title_yw: r.titleYw,
    title_vi: r.titleVi,
    content: r.content,
    content_ft: r.contentFt,
    content_yw: r.contentYw,
    content_vi: r.contentVi,
    img: r.img,
    sort: r.sort,
    createtime: r.createdAtMs,
  };
}

function articleInput(form: z.output<typeof articleForm>) {
  return {
    groupId: form.group,
    title: form.title,
    titleFt: form.title_ft,
    titleYw: form.title_yw,
    titleVi: form.title_vi,
    content: form.content,
    contentFt: form.content_ft,
    contentYw: form.content_yw,
    contentVi: form.content_vi,
    img: form.img,
    sort: form.sort,
  };
}

/** The article as it would be stored, for the screen's preview: sanitized, nothing written. */
export function previewArticle(body: unknown) {
  const input = sanitizedArticle(articleInput(parseBody(articleForm, body)));
  return {
    title: input.title,
    title_ft: input.titleFt,
    title_yw: input.titleYw,
    title_vi: input.titleVi,
    content: input.content,
    content_ft: input.contentFt,
    content_yw: input.contentYw,
    content_vi: input.contentVi,
  };
}

/** Creates (no id) or replaces an article, sanitized, with its audit row in the same batch. */
export async function saveArticle(db: ControlDb, operatorId: number, body: unknown, nowMs: number) {
  const form = parseBody(articleForm, body);
  const existing = form.id ? await findArticle(db, form.id) : undefined;
  if (form.id && !existing) throw new ProductError(1100);
  const input = { ...articleInput(form), createdAtMs: existing?.createdAtMs ?? nowMs };
  const write = (id: number) => {
    const stored = sanitizedArticle({ id, ...input });
    const after = articleFields(stored as ArticleRow);
    return {
      after,
      statements: [
        existing ? saveArticleStatement(db, stored) : db.insert(articles).values(stored),
        auditStatement(db, {
          actorId: operatorId,
          action: existing ? "article.update" : "article.create",
          target: `article:${id}`,
          before: existing && articleFields(existing),
          after,
          nowMs,
        }),
      ],
    };
  };
  if (existing) {
    const { after, statements } = write(existing.id);
    await runInOneBatch(db, statements);
    return after;
  }
  return insertWithFreshId(db, articles, write);
}

export async function deleteArticle(db: ControlDb, operatorId: number, id: number, nowMs: number) {
  const existing = await findArticle(db, id);
  if (!existing) throw new ProductError(1100);
  await runInOneBatch(db, [
    db.delete(articles).where(eq(articles.id, id)),
    auditStatement(db, {
      actorId: operatorId,
      action: "article.delete",
      target: `article:${id}`,
      before: articleFields(existing),
      nowMs,
    }),
  ]);
  return { id };
}

export async function listBannersForOperator(db: ControlDb) {
  return { list: await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)).limit(MAX_BANNERS) };
}

const imagesOf = (b: { path: string; pathTw: string; pathYw: string; pathVi: string }) => [
  b.path,
  b.pathTw,
  b.pathYw,
  b.pathVi,
];

/**
 * Every image the banners still name (after a write), and those of the banner changes waiting for a second
 * admin, so that the bucket keeps exactly those.
 */
async function referencedImages(db: ControlDb): Promise<Set<string>> {
  const rows = await db
    .select({ path: banners.path, pathTw: banners.pathTw, pathYw: banners.pathYw, pathVi: banners.pathVi })
    .from(banners);
  const waiting = (await waitingBannerValues(db)) as BannerFields[];
  return new Set([...rows, ...waiting].flatMap(imagesOf));
}

/**
 * Creates or replaces a banner (its images uploaded before: worker/media/banner-images.ts), audited in
 * the same batch; then the images it no longer names are removed from the bucket. A banner leading outside the
 * site is asked for instead (`waiting`), and written when a second admin approves; while a change of a banner
 * waits, the banner is not edited (1258).
 */
export async function saveBanner(db: ControlDb, bucket: R2Bucket, operatorId: number, body: unknown, nowMs: number) {
  const form = parseBody(bannerForm, body);
  const [existing] = form.id ? await db.select().from(banners).where(eq(banners.id, form.id)) : [];
  if (form.id && !existing) throw new ProductError(1149);
  if (!existing && (await db.$count(banners)) >= MAX_BANNERS) throw new ProductError(1148);
  const changes = {
    path: form.path,
    pathTw: form.path_tw,
    pathYw: form.path_yw,
    pathVi: form.path_vi,
    link: form.link,
    sort: form.sort,
  };
  await requireStoredImages(bucket, imagesOf(changes));
  if (leadsOutside(changes))
    return { id: existing?.id ?? null, waiting: await askForBanner(db, operatorId, existing, changes, nowMs) };
  if (existing) await refuseWhileChangeWaits(db, existing.id);
  const write = (id: number) => ({
    after: { id, ...changes },
    statements: [
      existing
        ? db.update(banners).set(changes).where(eq(banners.id, id))
        : db.insert(banners).values({ id, ...changes }),
      auditStatement(db, {
        actorId: operatorId,
        action: existing ? "banner.update" : "banner.create",
        target: `banner:${id}`,
        before: existing,
        after: { id, ...changes },
        nowMs,
      }),
    ],
  });
  let after: { id: number } & typeof changes;
  if (existing) {
    const written = write(existing.id);
    await runInOneBatch(db, written.statements);
    after = written.after;
  } else {
    after = await insertWithFreshId(db, banners, write);
  }
  await removeUnreferencedImages(bucket, await referencedImages(db), existing ? imagesOf(existing) : [], nowMs);
  return { ...after, waiting: false };
}

/**
 * Deletes a banner (audited in its batch), then the images no other banner names. Taking a slide down moves no
 * money and sends no player anywhere, so a change of it waiting for a second admin does not hold it up: the change
 * is withdrawn in the same batch, audited (docs/decisions/185).
 */
export async function deleteBanner(db: ControlDb, bucket: R2Bucket, operatorId: number, id: number, nowMs: number) {
  const [existing] = await db.select().from(banners).where(eq(banners.id, id));
  if (!existing) throw new ProductError(1149);
  const key = `banner:${id}` as const;
  const waiting = await waitingChange(db, key);
  await runInOneBatch(db, [
    ...(waiting
      ? withdrawnWithBannerStatements(db, { id: waiting.id, key, value: waiting.value }, operatorId, nowMs)
      : []),
    db.delete(banners).where(eq(banners.id, id)),
    auditStatement(db, {
      actorId: operatorId,
      action: "banner.delete",
      target: `banner:${id}`,
      before: existing,
      nowMs,
    }),
  ]);
  const removed = await removeUnreferencedImages(bucket, await referencedImages(db), imagesOf(existing), nowMs);
  return { id, removedImages: removed.length };
}

/**
 * A new row takes the next id, chosen before the batch so that its audit row can name it. Two operators
 * creating at once may choose the same id: the plain insert of the second then fails (nothing of its
 * batch is written) and it tries again with the next free id.
 */
async function insertWithFreshId<T>(
  db: ControlDb,
  source: typeof articles | typeof banners,
  write: (id: number) => { after: T; statements: BatchItem<"sqlite">[] },
) {
  for (let attempt = 0; ; attempt++) {
    const [{ top }] = await db.select({ top: max(source.id) }).from(source);
    const next = (top ?? 0) + 1;
    const { after, statements } = write(next);
    try {
      await runInOneBatch(db, statements);
      return after;
    } catch (error) {
      const taken = await db.$count(source, eq(source.id, next));
      if (taken === 0 || attempt >= 2) throw error;
    }
  }
}
