import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAtMs } from "./columns";

// The tables both kinds of database hold (docs/decisions/176): accounts and their sessions (operators in the
// control database, players and the house in their shard), the audit log (each database audits its own
// writes, docs/decisions/161), the failed-attempt counters (a name's in the control database, an account's
// secrets' with the account) and the rounds' settlement per shard (a shard's own row makes its settlement
// batch run once, the control database's says which shards answered).

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    nickname: text("nickname").notNull(),
    dialCode: text("quhao").notNull().default("+84"),
    phone: text("phone").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    payPasswordHash: text("pay_password_hash"),
    // Raised by every login password change; a session lives only under the generation it was made in.
    passwordGeneration: integer("password_generation").notNull().default(0),
    // player | operator | house (the house account is the counterparty of every ledger row)
    role: text("role").notNull().default("player"),
    level: integer("level").notNull().default(1),
    moneyCents: integer("money_cents").notNull().default(0),
    turnoverCents: integer("turnover_cents").notNull().default(0),
    frozen: integer("frozen").notNull().default(0),
    invitationCode: text("invitation_code"),
    // operators only: the base32 TOTP secret (RFC 6238) once enrolment is confirmed, and while enrolling
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    // the last TOTP step a sign-in accepted: a code of that step or an older one is a replay (decision 060)
    totpLastStep: integer("totp_last_step").notNull().default(0),
    // operators only: viewer | cashier | manager | admin, each including the ones before (shared/operators/roles.ts)
    operatorRole: text("operator_role"),
    // operators only: the email the company's login (Cloudflare Access) verifies; where Access is set up,
    // an operator signs in and works only under a token of this email (worker/api/access.ts)
    operatorEmail: text("operator_email"),
    // minutes between reality checks: 15, 30 or 60 (docs/product.md#player-protection)
    realityCheckMinutes: integer("reality_check_minutes").notNull().default(60),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    // one operator per company identity: one Access login cannot act as two operators
    uniqueIndex("users_operator_email_unique")
      .on(sql`lower(${t.operatorEmail})`)
      .where(sql`${t.operatorEmail} IS NOT NULL`),
    uniqueIndex("users_phone_unique")
      .on(t.dialCode, t.phone)
      .where(sql`${t.phone} <> ''`),
    check("users_money_non_negative", sql`${t.moneyCents} >= 0 OR ${t.role} = 'house'`),
    check("users_level_range", sql`${t.level} BETWEEN 1 AND 8`),
    check("users_role_known", sql`${t.role} IN ('player', 'operator', 'house')`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    createdAtMs: createdAtMs(),
    expiresAtMs: integer("expires_at_ms").notNull(),
    revokedAtMs: integer("revoked_at_ms"),
    // player (the player login) | operator (password + TOTP at /api/admin/login, docs/product.md#operators)
    kind: text("kind").notNull().default("player"),
    lastSeenAtMs: integer("last_seen_at_ms"),
    // users.password_generation when the password that made this session was read (decision 051).
    passwordGeneration: integer("password_generation").notNull().default(0),
    // when the player last answered the reality check of this sign-in ("keep playing")
    realityCheckSeenAtMs: integer("reality_check_seen_at_ms"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

// Failed logins per username (known or not) for the 10-in-15-minutes lockout.
export const loginAttempts = sqliteTable("login_attempts", {
  username: text("username").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartMs: integer("window_start_ms").notNull(),
  lockedUntilMs: integer("locked_until_ms").notNull().default(0),
});

/**
 * One wallet shard paid (or refunded) one round (docs/decisions/161). In the control database a row is written
 * only after the shard answered, and the round is settled once every shard of its set has one. In a shard the
 * same row is written by its settlement batch itself, last: a retried batch finds it and changes nothing.
 */
export const roundSettlements = sqliteTable(
  "round_settlements",
  {
    roundId: integer("round_id").notNull(),
    shard: integer("shard").notNull(),
    settledAtMs: integer("settled_at_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.shard] })],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // an operator's or a player's id; a money move's row is in the player's shard, its operator in the
    // control database, so no reference (docs/decisions/161)
    actorId: integer("actor_id"),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: text("before"),
    after: text("after"),
    createdAtMs: createdAtMs(),
  },
  (t) => [index("audit_log_time").on(t.createdAtMs), index("audit_log_actor").on(t.actorId, t.createdAtMs)],
);
