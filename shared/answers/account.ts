import type { Restriction } from "./protection";

// The account calls' answers (docs/architecture.md#answers): worker/players/ and worker/api/routes/account.ts,
// config.ts, finance.ts (getassets) and protection.ts (getstatement) build them. `quhao` is the contract's
// dialling code, kept as the wire names it.

/** getuserinfo: who the player is and their balance (money) and what of it is free to use (leftmoney). */
export type Profile = {
  id: number;
  nickname: string;
  name: string;
  username: string;
  money: number;
  leftmoney: number;
  /** held for withdrawals not yet paid out (absent from a backend that does not say) */
  withdrawing?: number;
  level: number;
  levelKey: string;
  /** 1: no payment password set yet */
  noPassword2: number;
  role: string;
  quhao: string;
  phone: string;
  restricted: Restriction | null;
};

/** getconfig: the public configuration (support link, app downloads, currency). */
export type AppConfig = {
  kefu_url: string;
  android_url: string;
  ios_url: string;
  currency: string;
  deposit_min: number;
  sms_resend_seconds: number;
  close_seconds?: number;
  languages?: string[];
};

/** register, repasswd: the new session's token. */
export type SessionStarted = { token: string };

/** login: the session's token, and the running time-out or self-exclusion the player signs in under. */
export type SignedIn = { token: string; restricted?: Restriction | null };

/** sms_send: when another code may be asked for; screenCode only where codes are shown instead of sent (local runs). */
export type SmsSent = { resendAfter: number; screenCode?: string };

/** getassets: the balance plus what is locked in finance, and when it comes back. */
export type Assets = {
  balance: number;
  withdrawable: number;
  locked: number;
  orders: number;
  nextMaturity: { at: number; principal: number } | null;
  total: number;
  /** absent from a backend that does not say */
  vip?: { turnover: number; next: { level: number; levelKey: string; turnover: number } | null };
};

/** The lines of a statement (getstatement), each a decimal of the currency. */
export const STATEMENT_LINES = [
  "deposits",
  "withdrawals",
  "stakes",
  "awards",
  "refunds",
  "lockups",
  "principal",
  "interest",
  "adjustments",
  "other",
  "change",
] as const;

/** opening and closing: the balance the period began and ended with (absent from a backend that does not say) */
export type Statement = { start: string; end: string; net: number; opening?: number; closing?: number } & Record<
  (typeof STATEMENT_LINES)[number],
  number
>;

/** getnoticecount, readnotices: how many notices the player has not read. */
export type UnreadCount = { unread: number };
