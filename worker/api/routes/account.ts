import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { ApiError, accountFrozen, ok } from "../envelope";
import { requireUser } from "../context";
import { parseBody } from "../validate";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { hashPassword, verifyPassword } from "../../auth/password";
import { runInOneBatch } from "../../db/batch";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { createSession, revokeAllSessionsStatement, revokeSession } from "../../db/sessions";
import { findUserByUsername, getUserById, invitationIsValid, phoneIsRegistered } from "../../db/users";
import { changeLoginPasswordForm, changeWithdrawalPasswordForm, loginForm, registerForm, smsSendForm } from "../../players/forms";
import { clearLoginFailures, isLockedOut, recordLoginFailure } from "../../players/lockout";
import { checkSmsCode, consumeSmsCodeStatement, logSmsSender, sendSmsCode } from "../../players/sms";
import { profileOf } from "../../players/profile";

export const accountRoutes = new Hono<AppEnv>();

accountRoutes.post("/api/index/sms_send", async (c) => {
  const form = parseBody(smsSendForm, c.get("body"));
  const db = getDb(c.env);
  if (await phoneIsRegistered(db, form.quhao, form.mobile)) throw new ApiError(2052);
  const data = await sendSmsCode(db, logSmsSender, readConfig(c.env).pepper, form.quhao, form.mobile, Date.now());
  return ok(c, data);
});

accountRoutes.post("/api/index/register", async (c) => {
  const form = parseBody(registerForm, c.get("body"));
  const db = getDb(c.env);
  const { pepper } = readConfig(c.env);
  const nowMs = Date.now();
  if (!(await invitationIsValid(db, form.invitation))) throw new ApiError(1063);
  if (await findUserByUsername(db, form.username)) throw new ApiError(1013);
  if (await phoneIsRegistered(db, form.quhao, form.phone)) throw new ApiError(2052);
  const smsCodeId = await checkSmsCode(db, pepper, form.quhao, form.phone, form.captcha, nowMs);
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(form.password, pepper),
    form.payPwd ? hashPassword(form.payPwd, pepper) : Promise.resolve(null),
  ]);
  let userId: number;
  try {
    const [inserted] = await runInOneBatch(db, [
      db
        .insert(users)
        .values({
          username: form.username,
          nickname: form.username,
          quhao: form.quhao,
          phone: form.phone,
          passwordHash,
          payPasswordHash,
          invitationCode: form.invitation,
          createdAtMs: nowMs,
        })
        .returning({ id: users.id }),
      consumeSmsCodeStatement(db, smsCodeId, nowMs),
    ]);
    userId = (inserted.results[0] as { id: number }).id;
  } catch (error) {
    // Two sign-ups racing for one name or phone: the unique index decides, the loser is told why.
    const text = String(error);
    if (text.includes("users_phone_unique") || text.includes("users.quhao")) throw new ApiError(2052);
    if (text.includes("UNIQUE")) throw new ApiError(1013);
    throw error;
  }
  return ok(c, { token: await createSession(db, userId, nowMs) });
});

accountRoutes.post("/api/index/login", async (c) => {
  const form = parseBody(loginForm, c.get("body"));
  const db = getDb(c.env);
  const nowMs = Date.now();
  if (await isLockedOut(db, form.username, nowMs)) throw new ApiError(1016);
  const user = await findUserByUsername(db, form.username);
  if (!user || user.role === "house") {
    await recordLoginFailure(db, form.username, nowMs);
    throw new ApiError(1002);
  }
  if (!(await verifyPassword(form.password, user.passwordHash, readConfig(c.env).pepper))) {
    await recordLoginFailure(db, form.username, nowMs);
    throw new ApiError(1003);
  }
  if (user.frozen) throw accountFrozen();
  await clearLoginFailures(db, form.username);
  return ok(c, { token: await createSession(db, user.id, nowMs) });
});

accountRoutes.post("/api/index/logout", requireUser, async (c) => {
  await revokeSession(getDb(c.env), c.get("user").sessionId, Date.now());
  return ok(c, null);
});

accountRoutes.post("/api/index/repasswd", requireUser, async (c) => {
  const form = parseBody(changeLoginPasswordForm, c.get("body"));
  const db = getDb(c.env);
  const { pepper } = readConfig(c.env);
  const user = await getUserById(db, c.get("user").id);
  if (!(await verifyPassword(form.passwd, user.passwordHash, pepper))) throw new ApiError(1059);
  const nowMs = Date.now();
  // Every session ends with the old password; this device gets a fresh one.
  await runInOneBatch(db, [
    db.update(users).set({ passwordHash: await hashPassword(form.npasswd, pepper) }).where(eq(users.id, user.id)),
    revokeAllSessionsStatement(db, user.id, nowMs),
  ]);
  return ok(c, { token: await createSession(db, user.id, nowMs) });
});

accountRoutes.post("/api/index/resetpaypwd", requireUser, async (c) => {
  const form = parseBody(changeWithdrawalPasswordForm, c.get("body"));
  const db = getDb(c.env);
  const { pepper } = readConfig(c.env);
  const user = await getUserById(db, c.get("user").id);
  if (user.payPasswordHash) {
    if (!form.srcpwd) throw new ApiError(2057);
    if (!(await verifyPassword(form.srcpwd, user.payPasswordHash, pepper))) throw new ApiError(1059);
  }
  await db.update(users).set({ payPasswordHash: await hashPassword(form.newpwd, pepper) }).where(eq(users.id, user.id));
  return ok(c, null);
});

accountRoutes.post("/api/game/getuserinfo", requireUser, async (c) => {
  const db = getDb(c.env);
  return ok(c, await profileOf(db, c.get("user").id));
});
