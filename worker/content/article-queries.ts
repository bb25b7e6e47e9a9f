import type { ControlDb } from "../db/client";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { articles, banners } from "../db/schema";
import { sanitizeHtml } from "#shared/content/sanitize-html";

export type ArticleRow = typeof articles.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;

/** Pinned first (lower sort), then newest. */
const articleOrder = [asc(articles.sort), desc(articles.createdAtMs), desc(articles.id)];

export async function listGroupArticles(
  db: ControlDb,
  groupId: number,
  limit: number,
  offset = 0,
): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(eq(articles.groupId, groupId))
    .orderBy(...articleOrder)
    .limit(limit)
    .offset(offset);
}

export async function findArticle(db: ControlDb, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row;
}

export async function listBanners(db: ControlDb): Promise<BannerRow[]> {
  return db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
}

export async function findArticlesByIds(db: ControlDb, ids: number[]): Promise<ArticleRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(articles).where(inArray(articles.id, ids));
}

export type ArticleInput = Omit<typeof articles.$inferInsert, "createdAtMs"> & { createdAtMs: number };

/** Every content column as it may be stored: sanitized on write (and again whenever it is shown). */
export function sanitizedArticle<T extends Partial<ArticleInput>>(input: T): T {
  const out = { ...input };
  for (const key of ["content", "contentFt", "contentYw", "contentVi"] as const) {
    if (typeof out[key] === "string") out[key] = sanitizeHtml(out[key]) as T[typeof key];
  }
  return out;
}

/**
 * Creates or replaces an article, content sanitized. Returns the statement so that an operator's
 * change can go into one batch with its audit row.
 */
export function saveArticleStatement(db: ControlDb, input: ArticleInput) {
  const row = sanitizedArticle(input);
  const { id: _id, createdAtMs: _created, ...changes } = row;
  return db.insert(articles).values(row).onConflictDoUpdate({ target: articles.id, set: changes });
}
