import type { ControlDb, WalletDb } from "../../db/client";
import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { ok } from "../envelope";
import { ProductError, accountFrozen } from "#shared/product-error";
import { playerDb, requireUser } from "../context";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { UNKNOWN_USER_HASH, hashPassword, verifyPassword } from "../../auth/password";
import { runInOneBatch } from "../../db/batch";
import { shardCount } from "../../db/shards";
import {
  type DirectoryEntry,
  findAccount,
  findAccountByPhone,
  moveReservation,
  releaseAccount,
  reserveAccountStatement,
} from "../../accounts/directory";
import { users } from "../../db/schema";
import { createSession, revokeAllSessionsStatement, revokeSession } from "../../accounts/sessions";
import { findUserByUsername, getUserById, invitationIsValid } from "../../accounts/users";
import {
  changeLoginPasswordForm,
  changeWithdrawalPasswordForm,
  loginForm,
  registerForm,
  resetPasswordForm,
  smsSendForm,
} from "#shared/forms/players";
import { resetForgottenPassword } from "../../players/password-reset";
import { checkSecret, limits } from "../../accounts/lockout";
import { checkPayPassword } from "../../wallet/pay-password";
import { checkSmsCode, consumeSmsCodeStatement, sendSmsCode, takeNameCheck } from "../../players/sms";
import { smsSenderFor } from "../../players/sms-senders";
import { profileOf } from "../../players/profile";
import { readWalletSettings } from "../../wallet/settings";
import { restrictionOf } from "../../protection/refusal";
import { sessionsChanged } from "../session-memo";
import type { Profile, SessionStarted, SignedIn, SmsSent } from "#shared/answers/account";

export const accountRoutes = new Hono<AppEnv>();

accountRoutes.post("/api/index/sms_send", async (c) => {
  const form = parseBody(smsSendForm, c.get("body"));
  const db = c.var.db.control;
  // Whether the phone is registered is told only to whoever holds it: registration answers 2052
  // after the right code (decision 050).
  const { sms, pepper } = readConfig(c.env);
  const data = await sendSmsCode(
    db,
    smsSenderFor(sms, c.req.url),
    pepper,
    form.quhao,
    form.mobile,
    Date.now(),
    c.get("lang"),
  );
  return ok(c, data satisfies SmsSent);
});

accountRoutes.post("/api/index/register", async (c) => {
  const form = parseBody(registerForm, c.get("body"));
  const control = c.var.db.control;
  const { pepper } = readConfig(c.env);
  const nowMs = Date.now();
  if (!(await invitationIsValid(control, form.invitation))) throw new ProductError(1063);
  // Whether a name or a phone is taken is told only after the SMS code (docs/decisions/050): before it,
  // a taken name gets the same answer as any other refusal.
  const smsCodeId = await checkSmsCode(control, pepper, form.quhao, form.phone, form.captcha, nowMs);
  await takeNameCheck(control, smsCodeId, nowMs);
  await refuseTaken(control, form);
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(form.password, pepper),
    form.payPwd ? hashPassword(form.payPwd, pepper) : Promise.resolve(null),
  ]);
  // The name and phone are taken in the directory with the code spent, then the player is written in the
  // shard the directory chose (docs/decisions/161).
  const shards = shardCount(c.env);
  if (shards === 0) throw new Error("demo mode needs a wallet shard: bind DB_WALLET_0 (docs/decisions/161)");
  let account: DirectoryEntry;
  try {
    const [reserved] = await runInOneBatch(control, [
      reserveAccountStatement(control, { ...form, dialCode: form.quhao, shardCount: shards, nowMs }),
      consumeSmsCodeStatement(control, smsCodeId, nowMs),
    ]);
    account = reserved.results[0] as DirectoryEntry;
  } catch (error) {
    // Two sign-ups racing for one name or phone: the unique index decides, the loser is told why,
    // read from the data (the refused batch wrote nothing), not from the error's wording.
    await refuseTaken(control, form);
    throw error;
  }
  const insertPlayer = (wallet: WalletDb) =>
    wallet.insert(users).values({
      id: account.id,
      username: form.username,
      nickname: form.username,
      dialCode: form.quhao,
      phone: form.phone,
      passwordHash,
      payPasswordHash,
      invitationCode: form.invitation,
      createdAtMs: nowMs,
    });
  let shard = account.shard!;
  const tried: number[] = [];
  for (;;) {
    try {
      await insertPlayer(c.var.db.walletPrimary(shard));
      break;
    } catch (error) {
      // The shard refused or could not be reached: the least-filled of the others takes the player
      // (docs/decisions/169); when none can, the name and phone are given back, nothing is half-made.
      tried.push(shard);
      const next = await moveReservation(control, account.id, shards, tried);
      if (next === null) {
        await releaseAccount(control, account.id);
        throw error;
      }
      shard = next;
    }
  }
  const wallet = c.var.db.walletPrimary(shard);
  return ok(c, {
    token: await createSession(wallet, { id: account.id, passwordGeneration: 0 }, nowMs, shard),
  } satisfies SessionStarted);
});

async function refuseTaken(control: ControlDb, form: { username: string; quhao: string; phone: string }) {
  if (await findAccountByPhone(control, form.quhao, form.phone)) throw new ProductError(2052);
  if (await findAccount(control, form.username)) throw new ProductError(1013);
}

accountRoutes.post("/api/index/login", async (c) => {
  const form = parseBody(loginForm, c.get("body"));
  const control = c.var.db.control;
  const nowMs = Date.now();
  const { pepper } = readConfig(c.env);
  // A player's account is read in the shard the directory names; an operator's name has no shard.
  const entry = await findAccount(control, form.username);
  const shard = entry?.shard ?? null;
  const found = shard === null ? undefined : await findUserByUsername(c.var.db.walletPrimary(shard), form.username);
  // Only players sign in here: an operator's password alone is no way in (docs/decisions/060). An unknown
  // name or an operator's costs the same hash and gets the same answer as a wrong password (decision 050).
  const user = found && found.role === "player" ? found : undefined;
  const source = c.req.header("cf-connecting-ip") ?? "unknown";
  const right = await checkSecret(control, limits.login(form.username, source), nowMs, 1016, async () => {
    const matches = await verifyPassword(form.password, user?.passwordHash ?? UNKNOWN_USER_HASH, pepper);
    return matches && !!user;
  });
  if (!right || !user || shard === null) throw new ProductError(1003);
  if (user.frozen) throw accountFrozen();
  const wallet = c.var.db.walletPrimary(shard);
  // A time-out or self-exclusion still signs in, to a restricted view: withdrawing, records and support
  // only (docs/decisions/142). Told only after the password: it is nobody else's business.
  const restriction = await restrictionOf(wallet, user.id, nowMs);
  const restricted = restriction && {
    errCode: restriction.errCode,
    period: restriction.period,
    until: restriction.extra.until ?? null,
  };
  return ok(c, { token: await createSession(wallet, user, nowMs, shard), restricted } satisfies SignedIn);
});

/** A forgotten password, reset by the code sent to the account's phone (docs/decisions/153-forgotten-password.md). */
accountRoutes.post("/api/index/resetpasswd", async (c) => {
  const form = parseBody(resetPasswordForm, c.get("body"));
  const { pepper } = readConfig(c.env);
  // the code and the directory are the control database's, the account its wallet shard's (docs/decisions/161)
  await resetForgottenPassword(c.var.db.control, (shard) => c.var.db.walletPrimary(shard), {
    ...form,
    dialCode: form.quhao,
    pepper,
    nowMs: Date.now(),
  });
  sessionsChanged(c);
  return ok(c, null);
});

accountRoutes.post("/api/index/logout", requireUser, async (c) => {
  await revokeSession(playerDb(c), c.get("user").sessionId, Date.now());
  sessionsChanged(c);
  return ok(c, null);
});

accountRoutes.post("/api/index/repasswd", requireUser, async (c) => {
  const form = parseBody(changeLoginPasswordForm, c.get("body"));
  const db = playerDb(c);
  const { pepper } = readConfig(c.env);
  const nowMs = Date.now();
  const user = await getUserById(db, c.get("user").id);
  const right = await checkSecret(db, limits.accountPassword(user.id), nowMs, 1016, () =>
    verifyPassword(form.passwd, user.passwordHash, pepper),
  );
  if (!right) throw new ProductError(1059);
  // A new generation ends every session made under the old password, also one a racing login is
  // still creating (decision 051); this device gets a fresh one. Only one of two racing changes wins.
  const generation = user.passwordGeneration + 1;
  const [changed] = await runInOneBatch(db, [
    db
      .update(users)
      .set({ passwordHash: await hashPassword(form.npasswd, pepper), passwordGeneration: generation })
      .where(and(eq(users.id, user.id), eq(users.passwordGeneration, user.passwordGeneration))),
    revokeAllSessionsStatement(db, user.id, nowMs),
  ]);
  if (changed.meta.changes !== 1) throw new ProductError(1059);
  sessionsChanged(c);
  return ok(c, {
    token: await createSession(db, { id: user.id, passwordGeneration: generation }, nowMs, c.get("user").shard!),
  } satisfies SessionStarted);
});

accountRoutes.post("/api/index/resetpaypwd", requireUser, async (c) => {
  const form = parseBody(changeWithdrawalPasswordForm, c.get("body"));
  const db = playerDb(c);
  const { pepper } = readConfig(c.env);
  const userId = c.get("user").id;
  const user = await getUserById(db, userId);
  if (user.payPasswordHash) {
    if (!form.srcpwd) throw new ProductError(2057);
    // Counted on the one withdrawal-password counter: locked here when withdrawals are locked.
    await checkPayPassword(db, pepper, userId, form.srcpwd, Date.now(), 1059);
  }
  await db
    .update(users)
    .set({ payPasswordHash: await hashPassword(form.newpwd, pepper) })
    .where(eq(users.id, userId));
  return ok(c, null);
});

accountRoutes.post("/api/game/getuserinfo", requireUser, async (c) => {
  const { dailyCapCents } = await readWalletSettings(c.var.db.control);
  return ok(c, (await profileOf(playerDb(c), c.get("user").id, dailyCapCents)) satisfies Profile);
});
