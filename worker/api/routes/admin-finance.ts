import { mergedPage } from "../../db/keyset";
import type { AccrualDone, ConsoleProducts, PlayerFinanceOrder } from "#shared/answers/finance";
import type { Paged } from "#shared/answers/paging";
import type { ActionDone } from "#shared/answers/console-routes";
import { Hono } from "hono";
import { ok } from "../envelope";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { FINANCE_ORDER_KEY_WIDTH, financeOrderKey, listOrders, listProducts } from "../../finance/orders";
import { pageAt, pagedList } from "../../db/paging";
import { accrueEveryShard } from "../../finance/accrue";
import { openTierMaxForm, operatorOrdersForm, tierForm } from "#shared/forms/finance";
import { readSettings } from "../../settings/settings";
import { toMoney } from "#shared/money";
import { operatorOrderRow, productRow } from "../../finance/present";
import { editTier, setOpenTierMax } from "../../finance/tiers";
import { PAGE_SIZE } from "#shared/forms/wallet";

// The operator's finance desk: the tiers (edited with an audit row), every player's orders, and a
// manual accrual run (the cron's job, idempotent). Each route is guarded on its own.
export const adminFinanceRoutes = new Hono<AppEnv>();

adminFinanceRoutes.post("/api/admin/products", async (c) => {
  const db = c.var.db.control;
  const [products, { finance_open_max_cents: openMaxCents }] = await Promise.all([
    listProducts(db),
    readSettings(db, ["finance_open_max_cents"]),
  ]);
  return ok(c, {
    list: products.map((p) => productRow(p, openMaxCents)),
    openMax: toMoney(openMaxCents),
  } satisfies ConsoleProducts);
});

/** The most one transfer-in into the open-ended top tier takes (stated on the players' screens). */
adminFinanceRoutes.post("/api/admin/products/openmax", async (c) => {
  const { max } = parseBody(openTierMaxForm, c.get("body"));
  return ok(c, (await setOpenTierMax(c.var.db.control, c.get("user").id, max, Date.now())) satisfies ActionDone);
});

adminFinanceRoutes.post("/api/admin/products/update", async (c) => {
  const form = parseBody(tierForm, c.get("body"));
  const change = {
    id: form.id,
    dailyRatePpm: form.rate_ppm,
    minCents: form.min as number,
    maxCents: form.max,
    days: form.days,
  };
  return ok(c, (await editTier(c.var.db.control, c.get("user").id, change, Date.now())) satisfies ActionDone);
});

adminFinanceRoutes.post("/api/admin/productorders", async (c) => {
  const form = parseBody(operatorOrdersForm, c.get("body"));
  const at = pageAt(form, PAGE_SIZE, FINANCE_ORDER_KEY_WIDTH);
  // lock-ups are in their player's wallet shard: every shard's page, merged (docs/decisions/161)
  const rows = await mergedPage(c.var.db.wallets, at, "desc", financeOrderKey, (db, page) =>
    listOrders(db, { userId: form.userId, status: form.status === "all" ? undefined : form.status, at: page }),
  );
  return ok(c, pagedList(rows, at, financeOrderKey, operatorOrderRow) satisfies Paged<PlayerFinanceOrder>);
});

/**
 * Runs what is due now, as the cron does; no other time (the cron's own scheduled time moves it in the flows,
 * docs/decisions/070).
 */
adminFinanceRoutes.post("/api/admin/finance/accrue", async (c) => {
  const nowMs = Date.now();
  return ok(c, { at: nowMs, ...(await accrueEveryShard(c.var.db, nowMs)) } satisfies AccrualDone);
});
