import type { ControlDb } from "../db/client";
import { ProductError } from "#shared/product-error";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { findProduct, listProducts, updateProductStatement, type ProductRecord, type TierChange } from "./orders";
import { readSettings } from "../settings/settings";
import { settings } from "../db/schema";
import { toMoney } from "#shared/money";
import { productRow as presentProduct } from "./present";

/** An operator's tier edit with its audit row in the same batch; running orders keep their terms. */
export async function editTier(db: ControlDb, operatorId: number, change: TierChange, nowMs: number) {
  const [before, { finance_open_max_cents: openMaxCents }] = await Promise.all([
    findProduct(db, change.id),
    readSettings(db, ["finance_open_max_cents"]),
  ]);
  const productRow = (p: ProductRecord) => presentProduct(p, openMaxCents);
  if (!before) throw new ProductError(1113);
  const after = { ...before, ...change };
  // an open-ended tier's least never goes above the operator's ceiling (it would take nothing above its least)
  if (after.maxCents === null && after.minCents > openMaxCents)
    throw new ProductError(1202, { num: toMoney(openMaxCents) });
  await runInOneBatch(db, [
    updateProductStatement(db, change),
    auditStatement(db, {
      actorId: operatorId,
      action: "finance.tier.edit",
      target: `finance_product:${change.id}`,
      before: productRow(before),
      after: productRow(after),
      nowMs,
    }),
  ]);
  return productRow(after);
}

/** The operator's ceiling of the open-ended top tier (one transfer-in), with its audit row in the same batch. */
export async function setOpenTierMax(db: ControlDb, operatorId: number, maxCents: number, nowMs: number) {
  const [{ finance_open_max_cents: before }, tiers] = await Promise.all([
    readSettings(db, ["finance_open_max_cents"]),
    listProducts(db),
  ]);
  // never below an open-ended tier's least: that tier would take only exactly its least
  const openLeast = Math.max(0, ...tiers.filter((t) => t.maxCents === null).map((t) => t.minCents));
  if (maxCents < openLeast) throw new ProductError(1201, { num: toMoney(openLeast) });
  const value = JSON.stringify(maxCents);
  await runInOneBatch(db, [
    db
      .insert(settings)
      .values({ key: "finance_open_max_cents", value })
      .onConflictDoUpdate({ target: settings.key, set: { value } }),
    auditStatement(db, {
      actorId: operatorId,
      action: "finance.openmax.edit",
      target: "settings",
      before: { openMax: toMoney(before) },
      after: { openMax: toMoney(maxCents) },
      nowMs,
    }),
  ]);
  return { openMax: toMoney(maxCents) };
}
