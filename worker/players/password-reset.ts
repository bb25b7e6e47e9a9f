import { and, eq, isNull, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { hashPassword } from "../auth/password";
import { runInOneBatch } from "../db/batch";
import type { Db } from "../db/client";
import { sessions, smsCodes, users } from "../db/schema";
import { checkSmsCode } from "./sms";

/** The name typed is not a player's account registered to the phone that took the code. */
const NOT_THIS_PHONES_ACCOUNT = 1190;

export type ForgottenPasswordReset = {
  username: string;
  quhao: string;
  phone: string;
  captcha: string;
  npasswd: string;
  pepper: string;
  nowMs: number;
};

/** The player account of that name registered to that phone; an operator's account is never one. */
async function accountOfPhone(db: Db, username: string, quhao: string, phone: string) {
  const [row] = await db
    .select({ id: users.id, passwordGeneration: users.passwordGeneration })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        eq(users.role, "player"),
        eq(users.quhao, quhao),
        eq(users.phone, phone),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Resets a forgotten login password with the code sent to the account's own phone
 * (docs/decisions/153-forgotten-password.md). The code is checked on the counter registration uses;
 * whether the name belongs to that phone is told only after the phone's right code. One batch sets the
 * password and a new generation (every session made under the old one ends, docs/decisions/051),
 * revokes the sessions and spends the code; the first two run only while the code is unspent, so of
 * two resets racing with one code exactly one changes anything.
 */
export async function resetForgottenPassword(db: Db, reset: ForgottenPasswordReset): Promise<void> {
  const codeId = await checkSmsCode(db, reset.pepper, reset.quhao, reset.phone, reset.captcha, reset.nowMs);
  const account = await accountOfPhone(db, reset.username, reset.quhao, reset.phone);
  if (!account) throw new ProductError(NOT_THIS_PHONES_ACCOUNT);
  const unspent = sql`EXISTS (SELECT 1 FROM sms_codes WHERE id = ${codeId} AND used_at_ms IS NULL)`;
  const [changed] = await runInOneBatch(db, [
    db
      .update(users)
      .set({
        passwordHash: await hashPassword(reset.npasswd, reset.pepper),
        passwordGeneration: account.passwordGeneration + 1,
      })
      .where(and(eq(users.id, account.id), eq(users.passwordGeneration, account.passwordGeneration), unspent)),
    db
      .update(sessions)
      .set({ revokedAtMs: reset.nowMs })
      .where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAtMs), unspent)),
    db
      .update(smsCodes)
      .set({ usedAtMs: reset.nowMs })
      .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.usedAtMs))),
  ]);
  // The other of two racing resets spent the code first: this one changed nothing.
  if (changed.meta.changes !== 1) throw new ProductError(2053);
}
