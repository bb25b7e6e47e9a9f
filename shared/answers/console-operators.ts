import type { OperatorRole } from "../operators/roles";
import type { CoinPayouts } from "../payouts";
import type { DepositPayee } from "./wallet";

// The console's operator, settings and audit answers (docs/architecture.md#answers): worker/operators/,
// worker/settings/ and worker/audit/ build them.

/** A request about an operator that waits for a second admin (/api/admin/operators/requests). */
export type OperatorRequest = {
  id: number;
  kind: "create" | "enable" | "role" | "reset";
  operatorId: number;
  operator: string;
  currentRole: OperatorRole | null;
  role: OperatorRole | null;
  enrolled: boolean;
  requestedById: number;
  codeHandedById: number | null;
  requestedBy: string;
  createdAtMs: number;
};

/** A money setting's change, or a banner's that leads outside the site, waiting for a second admin. */
export type SettingRequest = {
  id: number;
  key: "deposit_payees" | "coin_payouts" | "deposit_mode" | "kefu_url" | "banner";
  /** key "banner": the banner it changes, or "new" for a banner not yet shown; null for a setting. */
  banner: number | "new" | null;
  /** A banner's: its fields (path, pathYw, pathTw, pathVi, link, sort), null before a new one. */
  before: unknown;
  after: unknown;
  requestedById: number;
  requestedBy: string;
  createdAtMs: number;
};

export type Operator = {
  id: number;
  username: string;
  role: OperatorRole | null;
  disabled: boolean;
  enrolled: boolean;
  createdAtMs: number;
  lastSignInMs: number | null;
};

export type ConsoleSettings = {
  kefu_url: string;
  android_url: string;
  ios_url: string;
  currency_label: string;
  vip_thresholds: number[];
  withdraw_daily_cap: number;
  deposit_mode: "request" | "contact";
  payees: DepositPayee[];
  coin_payouts: CoinPayouts;
  invitations: string[];
  four_eyes: {
    adjust_max: number;
    adjust_second_approval: number;
    adjust_operator_daily: number;
    deposit_max: number;
    deposit_second_approval: number;
    odds_confirm_rtp_ppm: number;
  };
};

export type AuditRow = {
  id: number;
  /** The row's place in the whole log (ids repeat between the control database and shard 0). */
  key: string;
  operator: string | null;
  /** null: no operator acted (the system, e.g. a round voided by its room) */
  actorId: number | null;
  subjectId: number | null;
  subject: string | null;
  /** the username of who asked for the request the row decides (its before.askedBy is their id) */
  askedBy: string | null;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
  time: number;
};

/** A new operator's one-time enrolment code, handed to them out of band. */
export type Enrolment = { code: string; expiresAtMs: number };

/** operators/create: who was created and their enrolment code. */
export type OperatorCreated = { username: string; role: OperatorRole; enrolment: Enrolment };

/** A change to an operator: done, or "pending" when it waits for a second admin. */
export type OperatorChanged = { status: string };

/** A decided operator request: an approved reset hands out a new enrolment code. */
export type OperatorRequestDecided = { enrolment?: Enrolment };

/**
 * settings/update: the settings after the save, the changes waiting for a second admin (this save's and
 * others'), and what this save filed for one (empty: all applied at once; absent: the save changed nothing).
 */
export type SettingsSaved = ConsoleSettings & {
  waiting: { id: number; key: SettingRequest["key"] }[];
  filed?: SettingRequest["key"][];
};

/** admin/login: the console session's token. */
export type OperatorSignedIn = { token: string };

/** enrol/start: the new authenticator secret to scan. */
export type EnrolmentStarted = { secret: string; otpauth: string };

/** enrol/confirm: the recovery codes, whether the operator is active, and a session when they are. */
export type EnrolmentConfirmed = { recoveryCodes: string[]; active: boolean; token?: string };

export type OperatorList = { list: Operator[] };

export type OperatorRequestList = { list: OperatorRequest[] };

export type SettingRequestList = { list: SettingRequest[] };
