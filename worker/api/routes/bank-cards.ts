import { Hono } from "hono";
import { ok } from "../envelope";
import { ProductError } from "#shared/product-error";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { listOwnCards } from "../../wallet/bank-card-queries";
import { addCard, removeCard } from "../../wallet/bank-cards";
import { ACCOUNT_TYPES, addBankCardForm, deleteBankCardForm } from "#shared/forms/wallet";
import { cardRow } from "../../wallet/present";
import type { Card, CardList } from "#shared/answers/wallet";

// The player's bank and wallet accounts (docs/product.md#screens banklist, bankadd): only ever their own.
export const bankCardRoutes = new Hono<AppEnv>();

bankCardRoutes.post("/api/game/getbankcardlist", requireUser, async (c) => {
  const cards = await listOwnCards(playerDb(c), c.get("user").id);
  return ok(c, { list: cards.map(cardRow), types: ACCOUNT_TYPES } satisfies CardList);
});

bankCardRoutes.post("/api/game/addbankcard", requireUser, async (c) => {
  const form = parseBody(addBankCardForm, c.get("body"));
  const { pepper } = readConfig(c.env);
  // who holds the account is claimed in the control database, at its primary (worker/wallet/payout-claims.ts)
  const card = await addCard(
    c.var.db,
    playerDb(c),
    c.var.db.controlPrimary,
    pepper,
    c.get("user").id,
    form,
    Date.now(),
  );
  return ok(c, cardRow(card) satisfies Card);
});

bankCardRoutes.post("/api/game/delbankcard", requireUser, async (c) => {
  const { id } = parseBody(deleteBankCardForm, c.get("body"));
  if (!(await removeCard(playerDb(c), c.var.db.controlPrimary, c.get("user").id, id, Date.now())))
    throw new ProductError(1032);
  return ok(c, null);
});
