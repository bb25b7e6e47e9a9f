import { Hono } from "hono";
import { ok } from "../envelope";
import { requireUser } from "../context";
import { parseBody } from "../validate";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { getDb } from "../../db/client";
import { financeOrderKey, listOrders, listProducts } from "../../db/finance";
import { pageAt, pagedList } from "../paging";
import { ordersForm, transferInForm } from "../../finance/forms";
import { orderRow, productRow } from "../../finance/present";
import { TRANSFER_MAX_CENTS, TRANSFER_MIN_CENTS } from "../../finance/rules";
import { transferIn } from "../../finance/transfer-in";
import { toMoney } from "../../money";
import { PAGE_SIZE } from "../../wallet/forms";
import { requestKey } from "../../wallet/keys";

// The staking lock-up contract (docs/product.md#finance): the tiers, transfer-in and the order centre.
export const financeRoutes = new Hono<AppEnv>();

// Public, like /finance itself: a guest sees the tiers before logging in.
financeRoutes.post("/api/game/getproductlist", async (c) => {
  const products = await listProducts(getDb(c.env));
  return ok(c, { list: products.map(productRow), min: toMoney(TRANSFER_MIN_CENTS), max: toMoney(TRANSFER_MAX_CENTS) });
});

financeRoutes.post("/api/game/producttransferin", requireUser, async (c) => {
  const form = parseBody(transferInForm, c.get("body"));
  const userId = c.get("user").id;
  const nowMs = Date.now();
  const order = await transferIn(getDb(c.env), {
    userId,
    productId: form.product_id,
    amountCents: form.money,
    pwd: form.pwd,
    key: requestKey("fin", userId, form.request_id),
    pepper: readConfig(c.env).pepper,
    nowMs,
  });
  return ok(c, orderRow(order, nowMs));
});

financeRoutes.post("/api/game/getproductorders", requireUser, async (c) => {
  const at = pageAt(parseBody(ordersForm, c.get("body")), PAGE_SIZE);
  const rows = await listOrders(getDb(c.env), { userId: c.get("user").id, at });
  const nowMs = Date.now();
  return ok(c, pagedList(rows, at, financeOrderKey, (r) => orderRow(r, nowMs)));
});
