import { ApiError } from "../api/envelope";
import { verifyPassword } from "../auth/password";
import type { Db } from "../db/client";
import { getUserById } from "../db/users";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../players/lockout";

// Wrong withdrawal passwords count like wrong logins (10 in 15 minutes lock it for 15 minutes), so a
// stolen session cannot guess it. The counter's key cannot clash with a username (letters and digits).
const lockKey = (userId: number) => `paypwd:${userId}`;

/** Refuses unless the player has a withdrawal password (1080), is not locked (1081) and typed it (1033). */
export async function checkPayPassword(db: Db, pepper: string, userId: number, typed: string, nowMs: number) {
  const user = await getUserById(db, userId);
  if (!user.payPasswordHash) throw new ApiError(1080);
  if (await isLockedOut(db, lockKey(userId), nowMs)) throw new ApiError(1081);
  if (!(await verifyPassword(typed, user.payPasswordHash, pepper))) {
    await recordLoginFailure(db, lockKey(userId), nowMs);
    throw new ApiError(1033);
  }
  await clearLoginFailures(db, lockKey(userId));
  return user;
}
