import * as z from "zod";
import { text } from "../fields";
import { DEFAULT_DIAL_CODE, normalisePhone } from "../players/phone";

// One schema per form (docs/product.md#input-rules, docs/product.md#accounts-and-security); each message is the catalogue code of the broken rule.
const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/;
const HAS_LETTER = /[A-Za-z]/;
const HAS_DIGIT = /\d/;

const dialCode = () =>
  text()
    .regex(/^\+\d{1,4}$/, "2050")
    .optional()
    .default(DEFAULT_DIAL_CODE);
/** Digits as people type them (spaces, dots, dashes, a leading + or 00): the number itself is `withE164`'s. */
const phoneNumber = () => text().regex(/^[+(]?[\d\s.\-()\u00a0]{6,30}$/, "2050");

/**
 * The typed dial code and phone replaced by the number's one spelling (docs/decisions/168): `quhao` becomes
 * its country calling code, the phone its E.164 string; a number that is none is 2050 on the phone field.
 */
function withE164<K extends string>(key: K) {
  return <F extends { quhao: string } & Record<K, string>>(form: F, ctx: z.RefinementCtx<F>): F => {
    const phone = normalisePhone(form[key], form.quhao);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "2050", path: [key], input: form[key] });
      return z.NEVER;
    }
    return { ...form, quhao: phone.dialCode, [key]: phone.e164 };
  };
}

const username = () =>
  text()
    .min(1, "1010")
    .max(20, "1010")
    .regex(LETTERS_AND_DIGITS, "1010")
    .regex(HAS_LETTER, "1010")
    .regex(HAS_DIGIT, "1010");

/** A new login password: 6-16 letters and digits with at least one of each. */
const newLoginPassword = () =>
  z
    .string({ error: "1001" })
    .min(6, "1011")
    .max(16, "1011")
    .regex(LETTERS_AND_DIGITS, "1015")
    .regex(HAS_LETTER, "1015")
    .regex(HAS_DIGIT, "1015");

/** A withdrawal password: 6-16 letters or digits. */
const withdrawalPassword = () => z.string({ error: "1001" }).regex(/^[A-Za-z0-9]{6,16}$/, "1058");

export const smsSendForm = z.object({ quhao: dialCode(), mobile: phoneNumber() }).transform(withE164("mobile"));

export const registerForm = z
  .preprocess(
    // "invitation" is also seen as "visitcode" (docs/architecture.md#the-contract)
    (body) =>
      body && typeof body === "object" && !("invitation" in body)
        ? { ...body, invitation: (body as Record<string, unknown>).visitcode }
        : body,
    z.object({
      quhao: dialCode(),
      username: username(),
      phone: phoneNumber(),
      captcha: text()
        .min(1, "1163")
        .regex(/^\d{6}$/, "2053"),
      password: newLoginPassword(),
      spassword: z.string({ error: "1001" }),
      invitation: text().min(1, "1161").max(32, "1063"),
      payPwd: z
        .union([z.literal(""), withdrawalPassword()])
        .optional()
        .default(""),
      // the "I am 18 or older" checkbox (docs/product.md#player-protection): a form sends "on", a client true or 1
      adult: z.unknown().refine((v) => v === true || v === 1 || v === "1" || v === "on" || v === "true", "3007"),
    }),
  )
  .refine((form) => form.password === form.spassword, { message: "1012" })
  .transform(withE164("phone"));

export const loginForm = z.object({
  quhao: dialCode(),
  username: text().min(1, "1010").max(32, "1002"),
  password: z.string({ error: "1001" }).min(1, "1011").max(64, "1003"),
});

/** A forgotten password (docs/decisions/153-forgotten-password.md): the account, its phone, the code sent there, the new password twice. */
export const resetPasswordForm = z
  .object({
    username: text().min(1, "1010").max(32, "1010"),
    quhao: dialCode(),
    phone: phoneNumber(),
    captcha: text()
      .min(1, "1163")
      .regex(/^\d{6}$/, "2053"),
    npasswd: newLoginPassword(),
    npasswd2: z.string({ error: "1001" }),
  })
  .refine((form) => form.npasswd === form.npasswd2, { message: "1012" })
  .transform(withE164("phone"));

export const changeLoginPasswordForm = z
  .object({
    passwd: z.string({ error: "1001" }).min(1, "1059").max(64, "1059"),
    npasswd: newLoginPassword(),
    npasswd2: z.string({ error: "1001" }).optional(),
  })
  .refine((form) => form.npasswd2 === undefined || form.npasswd === form.npasswd2, { message: "1012" });

export const changeWithdrawalPasswordForm = z
  .object({
    srcpwd: z.string({ error: "1001" }).max(64, "1033").optional().default(""),
    newpwd: withdrawalPassword(),
    newpwd2: z.string({ error: "1001" }),
  })
  .refine((form) => form.newpwd === form.newpwd2, { message: "1012" });
