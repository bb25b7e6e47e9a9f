import type { z } from "zod";
import { ProductError } from "#shared/product-error";
import { findOwnCard, hasLiveCardOfType, insertCardIfFree } from "./bank-card-queries";
import type { Db } from "../db/client";
import type { addBankCardForm } from "#shared/forms/wallet";
import { checkPayPassword } from "./pay-password";
import { canonicalAddress, checkAddress } from "#shared/coin-address";

export type AddCardForm = z.output<typeof addBankCardForm>;

/**
 * Adds a payout account (docs/product.md#input-rules): a Bank card and a coin address alike need the withdrawal password.
 * One live account per type (1048) and no account or address bound twice for a type (1046),
 * see docs/decisions/020-bank-card-duplicates.md. A coin address is one of its network's (1196) with
 * a checksum that matches (1197), checked before the password so a typo costs no password attempt.
 */
export async function addCard(db: Db, pepper: string, userId: number, form: AddCardForm, nowMs: number) {
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
  const id = await insertCardIfFree(db, { ...card, userId, nowMs });
  if (id === null) throw new ProductError((await hasLiveCardOfType(db, userId, form.type)) ? 1048 : 1046);
  return (await findOwnCard(db, userId, id))!;
}
