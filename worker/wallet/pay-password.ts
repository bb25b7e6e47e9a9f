import type { WalletDb } from "../db/client";
import { ProductError } from "#shared/product-error";
import { verifyPassword } from "../auth/password";
import { getUserById } from "../accounts/users";
import { checkSecret, limits } from "../accounts/lockout";

/**
 * Refuses unless the player has a withdrawal password (1080), is not locked (1081) and typed it
 * (`wrongCode`, 1033 by default). Every place that asks for it counts on the same counter, so a stolen
 * session cannot guess it anywhere (docs/decisions/050-secret-check-lockout.md).
 */
export async function checkPayPassword(
  db: WalletDb,
  pepper: string,
  userId: number,
  typed: string,
  nowMs: number,
  wrongCode = 1033,
) {
  const user = await getUserById(db, userId);
  if (!user.payPasswordHash) throw new ProductError(1080);
  const hash = user.payPasswordHash;
  if (!(await checkSecret(db, limits.payPassword(userId), nowMs, 1081, () => verifyPassword(typed, hash, pepper)))) {
    throw new ProductError(wrongCode);
  }
  return user;
}
