import type { WalletDb } from "../db/client";
import { ProductError } from "#shared/product-error";
import { insertDepositOnce } from "./requests";
import type { WalletSettings } from "./settings";
import { toMoney } from "#shared/money";
import { assertSameRequest } from "./keys";
import { protectionAllowsSql } from "../protection/queries";
import { explainRefusal, refuseWhileRestricted } from "../protection/refusal";

export type DepositAsk = {
  userId: number;
  amountCents: number;
  payName: string;
  payee: string;
  transferRef: string;
  key: string;
  nowMs: number;
};

/**
 * Where the player says they paid: one of the site's approved deposit accounts (1182 none chosen, 1183 not one of
 * today's list) and the transfer reference (1184), so an operator can match the statement line. A site that lists
 * none takes no request at all (assertDepositsOpen, 1262).
 */
function depositTransfer(settings: WalletSettings, ask: Pick<DepositAsk, "payee" | "transferRef">) {
  if (!ask.payee) throw new ProductError(1182);
  const payee = settings.payees.find((p) => p.account === ask.payee);
  if (!payee) throw new ProductError(1183);
  if (!ask.transferRef) throw new ProductError(1184);
  return { payeeName: payee.name, payeeAccount: payee.account, transferRef: ask.transferRef };
}

/**
 * Whether the site takes a deposit request at all, before the form is read: when the operator wants players to
 * deposit through support, every deposit is 2056 with the link; with no approved deposit account listed there is
 * nowhere to pay, so nothing is filed (1262), whatever account the request names (docs/decisions/140).
 */
export function assertDepositsOpen(settings: WalletSettings) {
  if (settings.depositMode === "contact") throw new ProductError(2056, { kefu_url: settings.supportUrl });
  if (settings.payees.length === 0) throw new ProductError(1262);
}

/** A deposit request: nothing moves until an operator approves it (docs/product.md#money). */
export async function requestDeposit(db: WalletDb, settings: WalletSettings, ask: DepositAsk) {
  assertDepositsOpen(settings);
  // A restricted player is told why first, whatever the amount (docs/decisions/142); the batch decides it again.
  await refuseWhileRestricted(db, ask.userId, ask.nowMs);
  if (ask.amountCents < settings.depositMinCents)
    throw new ProductError(1070, { num: toMoney(settings.depositMinCents) });
  // four eyes on deposits begin with a bound on what one request may ask (docs/decisions/061)
  if (ask.amountCents > settings.depositMaxCents)
    throw new ProductError(1230, { num: toMoney(settings.depositMaxCents) });
  const transfer = depositTransfer(settings, ask);
  const protectedAsk = { userId: ask.userId, nowMs: ask.nowMs, adds: { deposit: ask.amountCents } };
  const request = await insertDepositOnce(
    db,
    { ...ask, ...transfer, idempotencyKey: ask.key },
    protectionAllowsSql(protectedAsk),
  );
  if (!request) {
    const refusal = await explainRefusal(db, protectedAsk);
    throw new ProductError(refusal.errCode, refusal.extra);
  }
  assertSameRequest(request, {
    amountCents: ask.amountCents,
    payName: ask.payName,
    payeeAccount: transfer.payeeAccount,
    transferRef: transfer.transferRef,
  });
  return request;
}
