import type { ControlDb, WalletDb } from "../db/client";
import type { Databases } from "../db/databases";
import type { z } from "zod";
import { ProductError } from "#shared/product-error";
import { deleteOwnCard, findOwnCard, hasLiveCardOfType, insertCardIfFree } from "./bank-card-queries";
import type { addBankCardForm } from "#shared/forms/wallet";
import { checkPayPassword } from "./pay-password";
import { canonicalAddress, checkAddress } from "#shared/coin-address";
import { claimPayoutAccount, releasePayoutAccount } from "./payout-claims";

export type AddCardForm = z.output<typeof addBankCardForm>;

/**
 * Adds a payout account (docs/product.md#input-rules): a Bank card and a coin address alike need the withdrawal password.
 * One live account per type (1048) and no account or address bound twice for a type (1046),
 * see docs/decisions/020-bank-card-duplicates.md. A coin address is one of its network's (1196) with
 * a checksum that matches (1197), checked before the password so a typo costs no password attempt. The card is
 * written in the player's shard (`db`); who holds the account is claimed first in the control database, which
 * sees every shard (worker/wallet/payout-claims.ts).
 */
export async function addCard(
  dbs: Databases,
  db: WalletDb,
  control: ControlDb,
  pepper: string,
  userId: number,
  form: AddCardForm,
  nowMs: number,
) {
  if (form.type !== "Bank") {
    const check = checkAddress(form.network, form.address);
    if (check !== "ok") throw new ProductError(check === "shape" ? 1196 : 1197, { num: form.network });
  }
  await checkPayPassword(db, pepper, userId, form.payPwd, nowMs);
  const card =
    form.type === "Bank"
      ? {
          type: form.type,
          bank: form.bank,
          account: form.account,
          realName: form.username,
          area: form.area,
          address: "",
          network: "",
        }
      : {
          type: form.type,
          bank: "",
          account: "",
          realName: "",
          area: "",
          address: canonicalAddress(form.network, form.address),
          network: form.network,
        };
  const account = { type: card.type, account: card.account, address: card.address };
  // the player's own second card of a type is 1048 whoever holds the account: asked before the claim
  if (await hasLiveCardOfType(db, userId, form.type)) throw new ProductError(1048);
  const claimed = await claimPayoutAccount(dbs, control, userId, account, nowMs);
  if (claimed === "refused") throw new ProductError(1046);
  const id = await insertCardIfFree(db, { ...card, userId, nowMs });
  if (id === null) {
    if (claimed === "taken") await releasePayoutAccount(control, userId, account);
    throw new ProductError((await hasLiveCardOfType(db, userId, form.type)) ? 1048 : 1046);
  }
  return (await findOwnCard(db, userId, id))!;
}

/** Deletes the player's live card (soft delete, in their shard) and gives its account's claim back; false if none. */
export async function removeCard(db: WalletDb, control: ControlDb, userId: number, cardId: number, nowMs: number) {
  const card = await findOwnCard(db, userId, cardId);
  if (!card || !(await deleteOwnCard(db, userId, cardId, nowMs))) return false;
  await releasePayoutAccount(control, userId, { type: card.type, account: card.account, address: card.address });
  return true;
}
