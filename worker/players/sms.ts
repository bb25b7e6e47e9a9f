import type { ControlDb } from "../db/client";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { hmacSha256 } from "../auth/crypto";
import { toHex } from "#shared/hex";
import { smsCodes } from "../db/schema";
import { checkSecret, limits } from "../accounts/lockout";
import type { SmsSender } from "./sms-senders";
import type { ApiLang } from "#shared/messages";

export const SMS_RESEND_LOCK_MS = 60_000;
const SMS_CODE_TTL_MS = 5 * 60_000;

export async function hashSmsCode(pepper: string, dialCode: string, phone: string, code: string) {
  return toHex(await hmacSha256(pepper, `sms:${dialCode}:${phone}:${code}`));
}

function sixDigits(): string {
  // 10^6 does not divide 2^32 evenly: reject the top slice so every code is equally likely.
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0] >= limit);
  return String(word[0] % 1_000_000).padStart(6, "0");
}

/**
 * A new code for the phone, at most one a minute. The code is stored before it is sent, so a second
 * request racing this one meets the resend lock; a send that fails takes the code away again: no code
 * counts as sent, the player may ask again at once (docs/decisions/133).
 */
export async function sendSmsCode(
  db: ControlDb,
  sender: SmsSender,
  pepper: string,
  dialCode: string,
  phone: string,
  nowMs: number,
  lang: ApiLang,
) {
  const [last] = await db
    .select({ createdAtMs: smsCodes.createdAtMs })
    .from(smsCodes)
    .where(and(eq(smsCodes.dialCode, dialCode), eq(smsCodes.phone, phone)))
    .orderBy(desc(smsCodes.createdAtMs))
    .limit(1);
  if (last && nowMs - last.createdAtMs < SMS_RESEND_LOCK_MS) {
    throw new ProductError(2051, { wait: Math.ceil((last.createdAtMs + SMS_RESEND_LOCK_MS - nowMs) / 1000) });
  }
  const code = sixDigits();
  const [stored] = await db
    .insert(smsCodes)
    .values({
      dialCode,
      phone,
      codeHash: await hashSmsCode(pepper, dialCode, phone, code),
      createdAtMs: nowMs,
      expiresAtMs: nowMs + SMS_CODE_TTL_MS,
    })
    .returning({ id: smsCodes.id });
  let delivery;
  try {
    delivery = await sender.send({ dialCode, phone }, code, lang);
  } catch (error) {
    await db.delete(smsCodes).where(eq(smsCodes.id, stored.id));
    throw error;
  }
  return { resendAfter: SMS_RESEND_LOCK_MS / 1000, ...delivery };
}

/**
 * Checks the newest unused code, counted on the phone's secret counter (worker/accounts/lockout.ts):
 * 10 wrong codes in 15 minutes lock that phone's checks (2065). Returns the code's id so
 * registration can consume it in its batch.
 */
export async function checkSmsCode(
  db: ControlDb,
  pepper: string,
  dialCode: string,
  phone: string,
  code: string,
  nowMs: number,
) {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.dialCode, dialCode), eq(smsCodes.phone, phone), isNull(smsCodes.usedAtMs)))
    .orderBy(desc(smsCodes.createdAtMs))
    .limit(1);
  const typedHash = await hashSmsCode(pepper, dialCode, phone, code);
  const right = await checkSecret(
    db,
    limits.smsCode(phone),
    nowMs,
    2065,
    async () => !!latest && latest.codeHash === typedHash,
  );
  if (!right || !latest) throw new ProductError(2053);
  if (latest.expiresAtMs <= nowMs) throw new ProductError(2054);
  return latest.id;
}

export function consumeSmsCodeStatement(db: ControlDb, id: number, nowMs: number) {
  return db
    .update(smsCodes)
    .set({ usedAtMs: nowMs })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAtMs)));
}

/** How many usernames registration may try with one right code: more would make it a list of who is registered. */
const NAME_CHECKS_PER_CODE = 3;

/**
 * Spends one of the code's name checks (guarded, so parallel sign-ups cannot pass together). When none
 * is left the code is used up and a new one is needed (2066): one code never tests more than three
 * names for being taken (docs/decisions/050-secret-check-lockout.md).
 */
export async function takeNameCheck(db: ControlDb, id: number, nowMs: number) {
  const taken = await db
    .update(smsCodes)
    .set({ nameChecks: sql`${smsCodes.nameChecks} + 1` })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAtMs), lt(smsCodes.nameChecks, NAME_CHECKS_PER_CODE)));
  if (taken.meta.changes === 1) return;
  await consumeSmsCodeStatement(db, id, nowMs);
  throw new ProductError(2066);
}
