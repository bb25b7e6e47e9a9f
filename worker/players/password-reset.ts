import type { ControlDb, WalletDb } from "../db/client";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { hashPassword } from "../auth/password";
import { runInOneBatch } from "../db/batch";
import { sessions, users } from "../db/schema";
import { checkSmsCode, consumeSmsCodeStatement } from "./sms";
import { findAccountByPhone } from "../accounts/directory";

/** The name typed is not a player's account registered to the phone that took the code. */
const NOT_THIS_PHONES_ACCOUNT = 1190;

export type ForgottenPasswordReset = {
  username: string;
  dialCode: string;
  phone: string;
  captcha: string;
  npasswd: string;
  pepper: string;
  nowMs: number;
};

/** The player account of that id, name and phone in its shard; an operator's account is never one. */
async function accountOfPhone(wallet: WalletDb, id: number, reset: ForgottenPasswordReset) {
  const [row] = await wallet
    .select({ id: users.id, passwordGeneration: users.passwordGeneration })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        sql`lower(${users.username}) = ${reset.username.toLowerCase()}`,
        eq(users.role, "player"),
        eq(users.dialCode, reset.dialCode),
        eq(users.phone, reset.phone),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Resets a forgotten login password with the code sent to the account's own phone
 * (docs/decisions/153-forgotten-password.md). The code is checked on the counter registration uses, in the
 * control database; the phone's account is found in the directory there and read in its wallet shard
 * (docs/decisions/161). Whether the name belongs to that phone is told only after the phone's right code.
 * The code is spent first, guarded, so of two resets racing with one code exactly one goes on; then one batch
 * in the player's shard sets the password and a new generation (every session made under the old one ends,
 * docs/decisions/051) and revokes the sessions. A failure between the two leaves the password as it was and
 * the code spent: the player asks for a new code, and no code ever serves twice.
 */
export async function resetForgottenPassword(
  control: ControlDb,
  walletOf: (shard: number) => WalletDb,
  reset: ForgottenPasswordReset,
): Promise<void> {
  const codeId = await checkSmsCode(control, reset.pepper, reset.dialCode, reset.phone, reset.captcha, reset.nowMs);
  const entry = await findAccountByPhone(control, reset.dialCode, reset.phone);
  if (!entry || entry.shard === null) throw new ProductError(NOT_THIS_PHONES_ACCOUNT);
  const wallet = walletOf(entry.shard);
  const account = await accountOfPhone(wallet, entry.id, reset);
  if (!account) throw new ProductError(NOT_THIS_PHONES_ACCOUNT);
  const passwordHash = await hashPassword(reset.npasswd, reset.pepper);
  const spent = await consumeSmsCodeStatement(control, codeId, reset.nowMs);
  // The other of two racing resets spent the code first: this one changes nothing.
  if (spent.meta.changes !== 1) throw new ProductError(2053);
  const [changed] = await runInOneBatch(wallet, [
    wallet
      .update(users)
      .set({ passwordHash, passwordGeneration: account.passwordGeneration + 1 })
      .where(and(eq(users.id, account.id), eq(users.passwordGeneration, account.passwordGeneration))),
    wallet
      .update(sessions)
      .set({ revokedAtMs: reset.nowMs })
      .where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAtMs))),
  ]);
  // The password changed in between (signed in elsewhere and changed it): this code's reset is not applied.
  if (changed.meta.changes !== 1) throw new ProductError(2053);
}
