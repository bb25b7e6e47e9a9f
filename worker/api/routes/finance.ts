import { Hono } from "hono";
import { ok } from "../envelope";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { FINANCE_ORDER_KEY_WIDTH, financeOrderKey, listOrders, listProducts } from "../../finance/orders";
import { getUserById } from "../../accounts/users";
import { readSettings } from "../../settings/settings";
import { pageAt, pagedList } from "../../db/paging";
import { ordersForm, transferInForm } from "#shared/forms/finance";
import { orderRow, productRow } from "../../finance/present";
import { transferIn } from "../../finance/transfer-in";
import { toMoney } from "#shared/money";
import { LEVEL_KEYS } from "#shared/players/levels";
import { PAGE_SIZE } from "#shared/forms/wallet";
import { moneyFigures } from "../../players/money-figures";
import { requestKey } from "../../wallet/keys";
import type { Assets } from "#shared/answers/account";
import type { FinanceOrder, FinanceOrderPage, ProductList } from "#shared/answers/finance";

// The staking lock-up contract (docs/product.md#finance): the tiers, transfer-in and the order centre.
export const financeRoutes = new Hono<AppEnv>();

// Public, like /finance itself: a guest sees the tiers before logging in.
financeRoutes.post("/api/game/getproductlist", async (c) => {
  const db = c.var.db.control;
  const [products, { finance_open_max_cents: openMaxCents }] = await Promise.all([
    listProducts(db),
    readSettings(db, ["finance_open_max_cents"]),
  ]);
  const list = products.map((p) => productRow(p, openMaxCents));
  // min and max: the least and the most any tier takes (the product's whole range)
  return ok(c, {
    list,
    min: list.length ? Math.min(...list.map((p) => p.min)) : 0,
    max: list.length ? Math.max(...list.map((p) => p.upTo)) : 0,
  } satisfies ProductList);
});

financeRoutes.post("/api/game/producttransferin", requireUser, async (c) => {
  const form = parseBody(transferInForm, c.get("body"));
  const userId = c.get("user").id;
  const nowMs = Date.now();
  const order = await transferIn(playerDb(c), c.var.db.control, {
    userId,
    productId: form.product_id,
    amountCents: form.money,
    pwd: form.pwd,
    key: requestKey("fin", userId, form.request_id),
    pepper: readConfig(c.env).pepper,
    nowMs,
  });
  return ok(c, orderRow(order) satisfies FinanceOrder);
});

financeRoutes.post("/api/game/getproductorders", requireUser, async (c) => {
  const at = pageAt(parseBody(ordersForm, c.get("body")), PAGE_SIZE, FINANCE_ORDER_KEY_WIDTH);
  const rows = await listOrders(playerDb(c), { userId: c.get("user").id, at });
  return ok(c, pagedList(rows, at, financeOrderKey, orderRow) satisfies FinanceOrderPage);
});

/**
 * Total assets (the My page): the balance, what of it can be withdrawn, what is locked in finance, and
 * the VIP progress: the turnover so far and the turnover the next level needs (the operator's thresholds).
 */
financeRoutes.post("/api/game/getassets", requireUser, async (c) => {
  const wallet = playerDb(c);
  const userId = c.get("user").id;
  // the balance and the lock-ups are the player's shard's rows, the thresholds the control database's settings
  const [user, { vip_thresholds_cents: thresholds, withdraw_daily_cap_cents: dailyCapCents }] = await Promise.all([
    getUserById(wallet, userId),
    readSettings(c.var.db.control, ["vip_thresholds_cents", "withdraw_daily_cap_cents"]),
  ]);
  // the same figures the console's player file shows (worker/players/money-figures.ts)
  const { withdrawableCents, locked, totalCents } = await moneyFigures(wallet, {
    userId,
    balanceCents: user.moneyCents,
    dailyCapCents,
    nowMs: Date.now(),
  });
  const nextLevel = user.level < LEVEL_KEYS.length ? user.level + 1 : null;
  return ok(c, {
    balance: toMoney(user.moneyCents),
    withdrawable: toMoney(withdrawableCents),
    locked: toMoney(locked.lockedCents),
    orders: locked.orders,
    nextMaturity:
      locked.nextMaturityMs === null
        ? null
        : { at: locked.nextMaturityMs, principal: toMoney(locked.nextMaturityCents) },
    total: toMoney(totalCents),
    vip: {
      turnover: toMoney(user.turnoverCents),
      next:
        nextLevel === null || thresholds[nextLevel - 1] === undefined
          ? null
          : { level: nextLevel, levelKey: LEVEL_KEYS[nextLevel - 1], turnover: toMoney(thresholds[nextLevel - 1]) },
    },
  } satisfies Assets);
});
