import { Hono } from "hono";
import { ok } from "../envelope";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import {
  REQUEST_KEY_WIDTH,
  listDeposits,
  listWithdrawals,
  requestListKey,
  withdrawnInWindow,
} from "../../wallet/requests";
import { pageAt, pagedList } from "../../db/paging";
import { readWalletSettings } from "../../wallet/settings";
import { toMoney } from "#shared/money";
import { todayWindow } from "#shared/days";
import { capLeftCents } from "#shared/withdrawable";
import { assertDepositsOpen, requestDeposit } from "../../wallet/deposits";
import { PAGE_SIZE, pageForm, rechargeForm, withdrawForm } from "#shared/forms/wallet";
import { requestKey } from "../../wallet/keys";
import { depositRow, withdrawalRow } from "../../wallet/present";
import { requestWithdrawal } from "../../wallet/withdrawals";
import type { DepositList, DepositRow, WithdrawalList } from "#shared/answers/wallet";

// Deposits and withdrawals of the player (docs/product.md#screens recharge, withdraw).
export const walletRoutes = new Hono<AppEnv>();

walletRoutes.post("/api/game/recharge", requireUser, async (c) => {
  const db = playerDb(c);
  const settings = await readWalletSettings(c.var.db.control);
  assertDepositsOpen(settings);
  const form = parseBody(rechargeForm, c.get("body"));
  const userId = c.get("user").id;
  const nowMs = Date.now();
  const key = requestKey("dep", userId, form.request_id);
  const request = await requestDeposit(db, settings, {
    userId,
    amountCents: form.money,
    payName: form.pay_name,
    payee: form.payee,
    transferRef: form.pay_ref,
    key,
    nowMs,
  });
  return ok(c, depositRow(request) satisfies DepositRow);
});

walletRoutes.post("/api/game/getrechargelist", requireUser, async (c) => {
  const at = pageAt(parseBody(pageForm, c.get("body")), PAGE_SIZE, REQUEST_KEY_WIDTH);
  const [rows, settings] = await Promise.all([
    listDeposits(playerDb(c), { userId: c.get("user").id, at }),
    readWalletSettings(c.var.db.control),
  ]);
  return ok(c, {
    ...pagedList(rows, at, requestListKey, depositRow),
    mode: settings.depositMode,
    min: toMoney(settings.depositMinCents),
    kefu_url: settings.supportUrl,
    // where the player sends the money before filing the request (the operator's settings screen)
    payees: settings.payees,
  } satisfies DepositList);
});

walletRoutes.post("/api/game/withdraw", requireUser, async (c) => {
  const form = parseBody(withdrawForm, c.get("body"));
  const userId = c.get("user").id;
  const nowMs = Date.now();
  const { dailyCapCents, coinPayouts } = await readWalletSettings(c.var.db.control);
  await requestWithdrawal(playerDb(c), {
    userId,
    dailyCapCents,
    coinPayouts,
    shownCoinTerms:
      form.quote_coin === undefined
        ? null
        : { coin: form.quote_coin, rate: form.quote_rate ?? "", fee: form.quote_fee ?? "" },
    bankId: form.bank_id,
    amountCents: form.money,
    pwd: form.pwd,
    key: requestKey("wd", userId, form.request_id),
    pepper: readConfig(c.env).pepper,
    nowMs,
  });
  // The contract: success is data === 1.
  return ok(c, 1);
});

walletRoutes.post("/api/game/getwithdrawlist", requireUser, async (c) => {
  const at = pageAt(parseBody(pageForm, c.get("body")), PAGE_SIZE, REQUEST_KEY_WIDTH);
  const db = playerDb(c);
  const userId = c.get("user").id;
  const day = todayWindow(Date.now());
  const [rows, settings, usedCents] = await Promise.all([
    listWithdrawals(db, { userId, at }),
    readWalletSettings(c.var.db.control),
    withdrawnInWindow(db, userId, day.fromMs, day.toMs),
  ]);
  return ok(c, {
    ...pagedList(rows, at, requestListKey, withdrawalRow),
    dailyCap: toMoney(settings.dailyCapCents),
    usedToday: toMoney(usedCents),
    leftToday: toMoney(capLeftCents(settings.dailyCapCents, usedCents)),
    // what a new withdrawal to a coin address would pay: the approved rates and fees (shared/payouts.ts)
    coinPayouts: settings.coinPayouts,
  } satisfies WithdrawalList);
});
