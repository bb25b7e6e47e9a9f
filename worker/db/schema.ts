import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Money is integer cents, odds integer thousandths, time epoch milliseconds (docs/product.md#money).
const createdAtMs = () => integer("created_at_ms").notNull();

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    nickname: text("nickname").notNull(),
    quhao: text("quhao").notNull().default("+84"),
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
      .on(t.quhao, t.phone)
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

// Append-only: every balance change has its row here, in the same D1 batch (docs/product.md#money).
export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    beforeCents: integer("before_cents").notNull(),
    afterCents: integer("after_cents").notNull(),
    // bet | earn | loss | redo | wait | topup | debit | stake | interest | principal
    type: text("type").notNull(),
    // the words as written when the row was made (English); rows before 0006 have only these
    reason: text("reason").notNull(),
    // what the reader's language renders (worker/ledger/reasons.ts): a key of locales/*/wallet.json
    // "reasons" and its parameters as a JSON object
    reasonKey: text("reason_key"),
    reasonParams: text("reason_params"),
    // an operator's internal note on a credit or debit (0015): the console and its exports read it, the
    // player's answers never select it
    operatorNote: text("operator_note"),
    ref: text("ref"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    index("ledger_user_time").on(t.userId, t.createdAtMs),
    // Exports by date range page through this (worker/insight/exports.ts).
    index("ledger_time").on(t.createdAtMs, t.id),
    check("ledger_after_is_before_plus_amount", sql`${t.afterCents} = ${t.beforeCents} + ${t.amountCents}`),
    check("ledger_amount_non_zero", sql`${t.amountCents} <> 0`),
  ],
);

export const games = sqliteTable("games", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  titleKey: text("title_key").notNull(),
  type: integer("type").notNull(),
  image: text("image").notNull(),
  sort: integer("sort").notNull().default(0),
});

export const rooms = sqliteTable(
  "rooms",
  {
    id: integer("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id),
    // currency tab: 1 USDT, 2 BTC, 3 ETH
    roomtype: integer("roomtype").notNull(),
    // standard | vip | superior | premier
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    minjoinCents: integer("minjoin_cents").notNull().default(0),
    minbuyCents: integer("minbuy_cents").notNull().default(2000),
    minLevel: integer("min_level").notNull().default(1),
    optionCount: integer("option_count").notNull(),
    // JSON array of odds in thousandths, one per option (rate0..rateN)
    ratesMilli: text("rates_milli").notNull(),
    trading: integer("trading").notNull().default(1),
    roundSeconds: integer("round_seconds"),
    closeSeconds: integer("close_seconds"),
    sort: integer("sort").notNull().default(0),
    // a Cloudflare location hint for the room's Durable Object (shared/rooms.ts ROOM_LOCATION_HINTS), or null
    locationHint: text("location_hint"),
  },
  (t) => [index("rooms_tab").on(t.roomtype, t.sort)],
);

export const rounds = sqliteTable(
  "rounds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roomId: integer("room_id")
      .notNull()
      .references(() => rooms.id),
    seqno: integer("seqno").notNull(),
    gameType: integer("game_type").notNull(),
    openAtMs: integer("open_at_ms").notNull(),
    closeAtMs: integer("close_at_ms").notNull(),
    drawAtMs: integer("draw_at_ms").notNull(),
    commit: text("commit").notNull(),
    seed: text("seed"),
    numbers: text("numbers"),
    num1: integer("num1"),
    num2: integer("num2"),
    num3: integer("num3"),
    sum: integer("sum"),
    // bit i set = option i wins / is refunded (SQLite integers are 64-bit: type 4 needs 40 bits)
    winMask: integer("win_mask"),
    refundMask: integer("refund_mask"),
    // open | settled | void (could not be drawn: every stake refunded); settled or void only once every wallet
    // shard holding its bets has paid them (docs/decisions/161): till then open, with drawn_at_ms set
    status: text("status").notNull().default("open"),
    settledAtMs: integer("settled_at_ms"),
    // when the room drew (or voided) the round and published its result; its shards are paid after it
    drawnAtMs: integer("drawn_at_ms"),
    // why a void round was not drawn (seed_lost, operator, beacon_unavailable), shown publicly beside it
    voidReason: text("void_reason"),
    // the operator's own words when they voided the round: shown in the console, never to players
    voidNote: text("void_note"),
    // the operator who voided the round (void_reason operator), shown in the console
    voidedBy: integer("voided_by").references(() => users.id),
    // the public beacon round mixed into the draw (docs/decisions/130): chosen at open, null = commit-reveal only
    beaconChain: text("beacon_chain"),
    beaconRound: integer("beacon_round"),
    // the beacon's BLS signature and randomness (sha256 of it) as verified at the draw
    beaconSignature: text("beacon_signature"),
    beaconRandomness: text("beacon_randomness"),
    // the room's settings when the round opened (docs/product.md#rounds-and-bets); bets of the round are checked against them
    ratesMilli: text("rates_milli"),
    minbuyCents: integer("minbuy_cents"),
    minLevel: integer("min_level"),
  },
  (t) => [
    uniqueIndex("rounds_room_seqno").on(t.roomId, t.seqno),
    index("rounds_room_status").on(t.roomId, t.status),
    // The console's charts read drawn rounds by day (worker/insight/charts.ts).
    index("rounds_draw_time").on(t.drawAtMs, t.roomId),
    // The console's board of rounds in play and of voids, every room together (worker/operators/round-board.ts).
    index("rounds_status_time").on(t.status, t.drawAtMs, t.id),
    // The books per day find the rounds still open at an instant by when they settled (worker/insight/books-days.ts).
    index("rounds_settled_time").on(t.settledAtMs),
    check("rounds_status_known", sql`${t.status} IN ('open', 'settled', 'void')`),
  ],
);

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

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ordersn: text("ordersn").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // the room and round are the control database's rows, the order the player's shard's (docs/decisions/161)
    roomId: integer("room_id").notNull(),
    roundId: integer("round_id").notNull(),
    totalCents: integer("total_cents").notNull(),
    // placed | cancelled
    status: text("status").notNull().default("placed"),
    createdAtMs: createdAtMs(),
    cancelledAtMs: integer("cancelled_at_ms"),
    // the client's key for this order (request_id): the same key twice is one order
    requestId: text("request_id"),
  },
  (t) => [
    uniqueIndex("orders_user_request")
      .on(t.userId, t.requestId)
      .where(sql`${t.requestId} IS NOT NULL`),
    index("orders_round").on(t.roundId),
    index("orders_user").on(t.userId, t.createdAtMs),
    check("orders_total_positive", sql`${t.totalCents} > 0`),
    check("orders_status_known", sql`${t.status} IN ('placed', 'cancelled')`),
  ],
);

export const bets = sqliteTable(
  "bets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    roundId: integer("round_id").notNull(),
    optionIndex: integer("option_index").notNull(),
    oddsMilli: integer("odds_milli").notNull(),
    stakeCents: integer("stake_cents").notNull(),
    awardCents: integer("award_cents").notNull().default(0),
    // -1 awaiting draw, 1 won, 0 not won, 2 refunded (draw voided the option), 3 cancelled
    isaward: integer("isaward").notNull().default(-1),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    index("bets_round").on(t.roundId, t.isaward),
    // The live bet list reads the newest rows of a round (docs/decisions/111).
    index("bets_round_newest").on(t.roundId, t.id),
    index("bets_user").on(t.userId, t.createdAtMs),
    // The bet records' tabs (won, lost, pending) page by time within one state.
    index("bets_user_state").on(t.userId, t.isaward, t.createdAtMs),
    check("bets_stake_positive", sql`${t.stakeCents} > 0`),
    check("bets_odds_positive", sql`${t.oddsMilli} > 0`),
    check("bets_award_non_negative", sql`${t.awardCents} >= 0`),
    check("bets_isaward_known", sql`${t.isaward} IN (-1, 0, 1, 2, 3)`),
    check("bets_option_non_negative", sql`${t.optionIndex} >= 0`),
  ],
);

export const bankCards = sqliteTable(
  "bank_cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // 'Bank' or a coin type (USDT, BTC, ETH ...)
    type: text("type").notNull(),
    bank: text("bank").notNull().default(""),
    account: text("account").notNull().default(""),
    realName: text("real_name").notNull().default(""),
    area: text("area").notNull().default(""),
    address: text("address").notNull().default(""),
    // a coin address's network (TRC20 | ERC20 | BTC | ETH, shared/coin-address.ts); "" for a bank
    // account and for addresses bound before 0015
    network: text("network").notNull().default(""),
    createdAtMs: createdAtMs(),
    deletedAtMs: integer("deleted_at_ms"),
  },
  (t) => [index("bank_cards_user").on(t.userId)],
);

const requestColumns = () => ({
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id),
  amountCents: integer("amount_cents").notNull(),
  // pending | approved | rejected
  status: text("status").notNull().default("pending"),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  createdAtMs: createdAtMs(),
  decidedAtMs: integer("decided_at_ms"),
  // the deciding operator, in the control database: no reference across databases (docs/decisions/161)
  decidedBy: integer("decided_by"),
  note: text("note").notNull().default(""),
});

export const depositRequests = sqliteTable(
  "deposit_requests",
  {
    ...requestColumns(),
    payName: text("pay_name").notNull(),
    // which of the site's deposit accounts the player paid into (a copy: the list can change later)
    // and the player's transfer reference, so an operator can match a statement line (docs/decisions/140)
    payeeName: text("payee_name").notNull().default(""),
    payeeAccount: text("payee_account").notNull().default(""),
    transferRef: text("transfer_ref").notNull().default(""),
    // above the second-approval threshold, or past what the operator may approve alone: the first of the
    // two operators who approve it (worker/wallet/deposit-approval.ts); decided_by is then the second
    firstApprovedBy: integer("first_approved_by"),
    firstApprovedAtMs: integer("first_approved_at_ms"),
  },
  (t) => [
    // The player's list and the queue of a status, each in time order (keyset paging, docs/decisions/112 and
    // docs/decisions/163-merged-lists-follow-time.md; the rowid SQLite keeps in an index is the id after the time).
    index("deposit_requests_user").on(t.userId, t.createdAtMs),
    index("deposit_requests_status").on(t.status, t.createdAtMs),
    // Charts by decision day and exports by request time (worker/insight/).
    index("deposit_requests_decided").on(t.status, t.decidedAtMs),
    index("deposit_requests_time").on(t.createdAtMs, t.id),
    check("deposit_amount_positive", sql`${t.amountCents} > 0`),
    check("deposit_status_known", sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

export const withdrawalRequests = sqliteTable(
  "withdrawal_requests",
  {
    ...requestColumns(),
    bankCardId: integer("bank_card_id")
      .notNull()
      .references(() => bankCards.id),
    // what the operator paid out with (a bank transfer's id, a transaction hash), written at approval: the
    // player reads it to find the money (docs/decisions/151-payouts-an-operator-can-carry-out.md)
    payoutRef: text("payout_ref").notNull().default(""),
    // a withdrawal to a coin address: the coins it pays at the approved rate and fee when it was asked
    // (shared/payouts.ts CoinAmount as JSON), shown to the player before and after and to the operator who
    // pays it (docs/decisions/174); empty for a bank account or a coin with no rate
    coinQuote: text("coin_quote").notNull().default(""),
  },
  (t) => [
    index("withdrawal_requests_user").on(t.userId, t.createdAtMs),
    index("withdrawal_requests_status").on(t.status, t.createdAtMs),
    index("withdrawal_requests_decided").on(t.status, t.decidedAtMs),
    index("withdrawal_requests_time").on(t.createdAtMs, t.id),
    check("withdrawal_amount_positive", sql`${t.amountCents} > 0`),
    check("withdrawal_status_known", sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey(),
    // 9 news, 14 announcements, 26 introduction and help
    groupId: integer("group_id").notNull(),
    title: text("title").notNull(),
    titleFt: text("title_ft").notNull().default(""),
    titleYw: text("title_yw").notNull().default(""),
    titleVi: text("title_vi").notNull().default(""),
    content: text("content").notNull().default(""),
    contentFt: text("content_ft").notNull().default(""),
    contentYw: text("content_yw").notNull().default(""),
    contentVi: text("content_vi").notNull().default(""),
    img: text("img").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    createdAtMs: createdAtMs(),
  },
  (t) => [index("articles_group").on(t.groupId, t.sort)],
);

export const banners = sqliteTable("banners", {
  id: integer("id").primaryKey(),
  path: text("path").notNull(),
  pathTw: text("path_tw").notNull().default(""),
  pathYw: text("path_yw").notNull().default(""),
  pathVi: text("path_vi").notNull().default(""),
  link: text("link").notNull().default(""),
  sort: integer("sort").notNull().default(0),
});

export const financeProducts = sqliteTable("finance_products", {
  id: integer("id").primaryKey(),
  nameKey: text("name_key").notNull(),
  minCents: integer("min_cents").notNull(),
  // null = no upper bound
  maxCents: integer("max_cents"),
  // daily interest in parts per million (0.15 % = 1500)
  dailyRatePpm: integer("daily_rate_ppm").notNull(),
  days: integer("days").notNull(),
  sort: integer("sort").notNull().default(0),
});

export const financeOrders = sqliteTable(
  "finance_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // the tier in the control database; its name key, rate and days are copied here when the lock-up starts
    productId: integer("product_id").notNull(),
    nameKey: text("name_key").notNull().default(""),
    amountCents: integer("amount_cents").notNull(),
    dailyRatePpm: integer("daily_rate_ppm").notNull(),
    days: integer("days").notNull(),
    startAtMs: integer("start_at_ms").notNull(),
    endAtMs: integer("end_at_ms").notNull(),
    accruedDays: integer("accrued_days").notNull().default(0),
    // active | matured (accrued_days = days of interest paid; the principal is back once matured)
    status: text("status").notNull().default("active"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
  },
  // A player's, a status's and the console's list, each newest first by start
  // (docs/decisions/163-merged-lists-follow-time.md).
  (t) => [
    index("finance_orders_user").on(t.userId, t.startAtMs),
    index("finance_orders_status").on(t.status, t.startAtMs),
    index("finance_orders_time").on(t.startAtMs),
  ],
);

export const smsCodes = sqliteTable(
  "sms_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quhao: text("quhao").notNull(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAtMs: createdAtMs(),
    expiresAtMs: integer("expires_at_ms").notNull(),
    usedAtMs: integer("used_at_ms"),
    attempts: integer("attempts").notNull().default(0),
    // usernames registration tested with this code once it was right: three at most, then a new code
    nameChecks: integer("name_checks").notNull().default(0),
  },
  (t) => [index("sms_codes_phone").on(t.quhao, t.phone, t.createdAtMs)],
);

export const invitationCodes = sqliteTable("invitation_codes", {
  code: text("code").primaryKey(),
  ownerId: integer("owner_id").references(() => users.id),
  active: integer("active").notNull().default(1),
});

// Operator settings: support link, app links, withdrawal cap, VIP thresholds (JSON values).
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

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

// Ten single-use recovery codes per operator, stored hashed (docs/product.md#operators).
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull().unique(),
    usedAtMs: integer("used_at_ms"),
  },
  (t) => [index("recovery_codes_user").on(t.userId)],
);

// A credit or debit above the second-approval threshold waits here for another operator (four eyes).
export const adjustmentRequests = sqliteTable(
  "adjustment_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    // the operator's internal note (never shown to the player)
    reason: text("reason").notNull(),
    // the preset text the player reads (shared/adjustments.ts); "" on requests queued before 0015
    playerText: text("player_text").notNull().default(""),
    // operators live in the control database, the request in the player's shard: no reference across them
    requestedBy: integer("requested_by").notNull(),
    // pending | approved | rejected | cancelled (by its requester; decided_by is then the requester)
    status: text("status").notNull().default("pending"),
    decidedBy: integer("decided_by"),
    createdAtMs: createdAtMs(),
    decidedAtMs: integer("decided_at_ms"),
    // the console's request_id (operator, player and key): a repeated submit finds its first request
    requestKey: text("request_key").unique(),
  },
  (t) => [
    // the pending queue, oldest first (docs/decisions/163-merged-lists-follow-time.md)
    index("adjustment_requests_status").on(t.status, t.createdAtMs),
    index("adjustment_requests_user").on(t.userId, t.createdAtMs),
  ],
);

// Every credit or debit one operator made alone (no second operator), with the sums it was checked
// against, computed inside the very INSERT that the batch runs first: the CHECKs abort the whole batch
// when the rolling 24 hours of that operator for that player, or that operator's own 24 hours, would pass
// their bound, so parallel requests cannot pass together (docs/decisions/061-four-eyes-on-money.md).
export const soloAdjustments = sqliteTable(
  "solo_adjustments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // the operator is in the control database, this row in the player's shard (docs/decisions/161)
    operatorId: integer("operator_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    // what this operator adjusted for this player alone in the 24 hours up to this row, this row included
    playerWindowCents: integer("player_window_cents").notNull(),
    playerLimitCents: integer("player_limit_cents").notNull(),
    // what this operator adjusted alone for everyone in those 24 hours, this row included
    operatorWindowCents: integer("operator_window_cents").notNull(),
    operatorLimitCents: integer("operator_limit_cents").notNull(),
    // the ledger row's idempotency key: one solo row per adjustment
    ledgerKey: text("ledger_key").notNull().unique(),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    index("solo_adjustments_operator_player").on(t.operatorId, t.userId, t.createdAtMs),
    index("solo_adjustments_operator").on(t.operatorId, t.createdAtMs),
    index("solo_adjustments_player").on(t.userId, t.createdAtMs),
    check("solo_adjustments_player_window", sql`${t.playerWindowCents} <= ${t.playerLimitCents}`),
    check("solo_adjustments_operator_window", sql`${t.operatorWindowCents} <= ${t.operatorLimitCents}`),
  ],
);

// Player protection (docs/product.md#player-protection). A limit row is one kind over one period; amount null = none in
// force. A raise or removal waits 24 h as the pending change (pending_at_ms = when it takes effect,
// pending_amount_cents null = removal); the effective value is computed where it is read, never by a job.
export const playLimits = sqliteTable(
  "play_limits",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // deposit | loss | stake
    kind: text("kind").notNull(),
    // day | week | month (rolling 24 h, 7 days, 30 days)
    period: text("period").notNull(),
    amountCents: integer("amount_cents"),
    pendingAmountCents: integer("pending_amount_cents"),
    pendingAtMs: integer("pending_at_ms"),
    updatedAtMs: integer("updated_at_ms").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    check("play_limits_kind_known", sql`${t.kind} IN ('deposit', 'loss', 'stake')`),
    check("play_limits_period_known", sql`${t.period} IN ('day', 'week', 'month')`),
    check("play_limits_amount_positive", sql`${t.amountCents} IS NULL OR ${t.amountCents} > 0`),
  ],
);

// Time-outs and self-exclusions: append-only (triggers), so nobody can lift one early.
export const selfExclusions = sqliteTable(
  "self_exclusions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // 24h | 7d | 30d (time-outs) | 6m | 1y | 5y | forever (self-exclusions)
    period: text("period").notNull(),
    startAtMs: integer("start_at_ms").notNull(),
    // null = permanent
    endAtMs: integer("end_at_ms"),
  },
  (t) => [
    index("self_exclusions_user").on(t.userId, t.endAtMs),
    check("self_exclusions_period_known", sql`${t.period} IN ('24h', '7d', '30d', '6m', '1y', '5y', 'forever')`),
  ],
);

// The live books check (docs/decisions/136): the ledger summed per account up to a ledger id, moved
// forward once a day, so each check sums only the rows written since.
export const booksCheckpoint = sqliteTable("books_checkpoint", {
  id: integer("id").primaryKey(),
  throughLedgerId: integer("through_ledger_id").notNull(),
  // the player's calendar day (UTC+8) the checkpoint was moved on
  day: text("day").notNull(),
  movedAtMs: integer("moved_at_ms").notNull(),
});

export const booksAccountSums = sqliteTable("books_account_sums", {
  userId: integer("user_id").primaryKey(),
  sumCents: integer("sum_cents").notNull(),
});

// Each run of the books check: its figures and, when it failed, the rows that disagree (JSON).
export const booksChecks = sqliteTable(
  "books_checks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    checkedAtMs: integer("checked_at_ms").notNull(),
    ok: integer("ok").notNull(),
    throughLedgerId: integer("through_ledger_id").notNull(),
    rowsSummed: integer("rows_summed").notNull(),
    balancesCents: integer("balances_cents").notNull(),
    stakesInPlayCents: integer("stakes_in_play_cents").notNull(),
    financePrincipalCents: integer("finance_principal_cents").notNull(),
    problems: text("problems").notNull(),
  },
  (t) => [index("books_checks_time").on(t.checkedAtMs)],
);

// The books per day (worker/insight/books-days.ts, docs/operations.md#the-books-per-day): a closed day's
// figures, which the next day opens from (a trigger keeps them from changing), or a day that refused to
// close with the problems that stopped it (JSON), replaced when it is tried again.
export const booksDays = sqliteTable(
  "books_days",
  {
    // the player's calendar day (UTC+8), YYYY-MM-DD
    day: text("day").primaryKey(),
    // closed | refused
    status: text("status").notNull(),
    playersOpenCents: integer("players_open_cents").notNull(),
    houseOpenCents: integer("house_open_cents").notNull(),
    inPlayOpenCents: integer("in_play_open_cents").notNull(),
    financeOpenCents: integer("finance_open_cents").notNull(),
    playersCloseCents: integer("players_close_cents").notNull(),
    houseCloseCents: integer("house_close_cents").notNull(),
    inPlayCloseCents: integer("in_play_close_cents").notNull(),
    financeCloseCents: integer("finance_close_cents").notNull(),
    // the day's movements by side and kind (JSON)
    movements: text("movements").notNull(),
    problems: text("problems").notNull(),
    // the newest ledger row when the day was closed: a later row dated before the next day is late
    throughLedgerId: integer("through_ledger_id").notNull(),
    atMs: integer("at_ms").notNull(),
  },
  (t) => [check("books_days_status_known", sql`${t.status} IN ('closed', 'refused')`)],
);

// A player's move in or out of this wallet database, as its books per day see it (docs/decisions/162): the
// player's balance and locked finance arrive or leave at the move's instant, on the players' side, against the
// house row keyed `<key>:house`. A move in names the highest id of each of the player's tables it copied: those
// rows are the source's books, not this database's. Append-only (a trigger).
export const booksMoves = sqliteTable(
  "books_moves",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // move:<player>:<started>:in | move:<player>:<started>:out | move:<player>:<started>:in:undone
    key: text("key").notNull().unique(),
    userId: integer("user_id").notNull(),
    // in | out
    direction: text("direction").notNull(),
    atMs: integer("at_ms").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    financeCents: integer("finance_cents").notNull(),
    // the house row of the move (none when the balance is zero)
    ledgerId: integer("ledger_id"),
    throughLedgerId: integer("through_ledger_id").notNull(),
    throughBetId: integer("through_bet_id").notNull(),
    throughOrderId: integer("through_order_id").notNull(),
    throughFinanceId: integer("through_finance_id").notNull(),
  },
  (t) => [
    index("books_moves_player").on(t.userId, t.direction),
    index("books_moves_time").on(t.atMs),
    check("books_moves_direction_known", sql`${t.direction} IN ('in', 'out')`),
  ],
);

// What the books per day of a database read of a player who moved out of it (docs/decisions/162): the rows it
// booked, kept by the move out (books_moves.id), as they were. Append-only (a trigger).
export const booksDepartedLedger = sqliteTable(
  "books_departed_ledger",
  {
    moveId: integer("move_id").notNull(),
    id: integer("id").notNull(),
    userId: integer("user_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    type: text("type").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    ref: text("ref"),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    primaryKey({ columns: [t.moveId, t.id] }),
    index("books_departed_ledger_time").on(t.createdAtMs),
    index("books_departed_ledger_key").on(t.idempotencyKey),
  ],
);

export const booksDepartedBets = sqliteTable(
  "books_departed_bets",
  {
    moveId: integer("move_id").notNull(),
    id: integer("id").notNull(),
    orderId: integer("order_id").notNull(),
    userId: integer("user_id").notNull(),
    roundId: integer("round_id").notNull(),
    stakeCents: integer("stake_cents").notNull(),
    isaward: integer("isaward").notNull(),
    createdAtMs: createdAtMs(),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.id] }), index("books_departed_bets_round").on(t.roundId)],
);

export const booksDepartedOrders = sqliteTable(
  "books_departed_orders",
  {
    moveId: integer("move_id").notNull(),
    id: integer("id").notNull(),
    ordersn: text("ordersn").notNull(),
    userId: integer("user_id").notNull(),
    totalCents: integer("total_cents").notNull(),
    cancelledAtMs: integer("cancelled_at_ms"),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.id] }), index("books_departed_orders_sn").on(t.ordersn)],
);

export const booksDepartedFinance = sqliteTable(
  "books_departed_finance",
  {
    moveId: integer("move_id").notNull(),
    id: integer("id").notNull(),
    userId: integer("user_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    startAtMs: integer("start_at_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.id] })],
);

// Player protection refusals (a deposit, bet or lock-up refused at a limit or during an exclusion),
// kept so the markers of harm can count them (worker/insight/risk.ts); nothing else reads them.
export const protectionRefusals = sqliteTable(
  "protection_refusals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // deposit | loss | stake (the limit met) | excluded
    kind: text("kind").notNull(),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    index("protection_refusals_user").on(t.userId, t.createdAtMs),
    index("protection_refusals_time").on(t.createdAtMs),
  ],
);

// What an operator did about a player's markers of harm: a note, a message sent, a limit suggested.
export const riskInteractions = sqliteTable(
  "risk_interactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // the operator is in the control database, this row in the player's shard (docs/decisions/161)
    operatorId: integer("operator_id").notNull(),
    // note | message | limit
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    index("risk_interactions_user").on(t.userId, t.id),
    check("risk_interactions_kind_known", sql`${t.kind} IN ('note', 'message', 'limit')`),
  ],
);

// A player's notice that something was decided (docs/decisions/142): written in the batch of the decision
// itself, as a kind and its parameters, never as text, so it reads in the player's language when opened.
export const notices = sqliteTable(
  "notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    // depositCredited | depositRejected | withdrawalPaid | withdrawalRejected | lockupMatured | limitInForce
    kind: text("kind").notNull(),
    // JSON of the kind's parameters (cents, ids, the operator's note with its preset)
    params: text("params").notNull().default("{}"),
    // one notice per decision: a retried or doubled decision finds its notice already there
    noticeKey: text("notice_key").notNull(),
    createdAtMs: createdAtMs(),
    readAtMs: integer("read_at_ms"),
  },
  (t) => [
    uniqueIndex("notices_key").on(t.noticeKey),
    index("notices_user").on(t.userId, t.id),
    index("notices_unread").on(t.userId, t.readAtMs),
    check(
      "notices_kind_known",
      sql`${t.kind} IN ('depositCredited', 'depositRejected', 'withdrawalPaid', 'withdrawalRejected', 'lockupMatured', 'limitInForce', 'balanceCredited', 'balanceDebited')`,
    ),
  ],
);

// Power over operators is four-eyed (docs/decisions/060-operator-sign-in.md): making an operator, enabling
// one, raising a role and resetting an authenticator wait here for a second admin.
export const operatorRequests = sqliteTable(
  "operator_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // create | enable | role | reset
    kind: text("kind").notNull(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => users.id),
    // the role asked for (create, role)
    role: text("role"),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => users.id),
    // pending | approved | rejected | cancelled (by its requester)
    status: text("status").notNull().default("pending"),
    decidedBy: integer("decided_by").references(() => users.id),
    createdAtMs: createdAtMs(),
    decidedAtMs: integer("decided_at_ms"),
  },
  (t) => [
    index("operator_requests_status").on(t.status, t.id),
    // one waiting request of a kind per operator: two admins asking at once file one
    uniqueIndex("operator_requests_one_pending")
      .on(t.operatorId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    check("operator_requests_kind_known", sql`${t.kind} IN ('create', 'enable', 'role', 'reset')`),
    check("operator_requests_status_known", sql`${t.status} IN ('pending', 'approved', 'rejected', 'cancelled')`),
  ],
);

// Where players pay and what a coin payout is worth are money (docs/decisions/167-money-settings-four-eyes.md,
// 171): a change of the deposit payees, the coin payout rates, the deposit mode or the support link waits here
// for a second admin, the settings row keeps the approved value until then. `before` is the approved value when asked, `value` the one asked for.
export const settingRequests = sqliteTable(
  "setting_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // deposit_payees | coin_payouts | deposit_mode | kefu_url
    key: text("key").notNull(),
    before: text("before").notNull(),
    value: text("value").notNull(),
    requestedBy: integer("requested_by")
      .notNull()
      .references(() => users.id),
    // pending | approved | rejected | cancelled (by its requester)
    status: text("status").notNull().default("pending"),
    decidedBy: integer("decided_by").references(() => users.id),
    createdAtMs: createdAtMs(),
    decidedAtMs: integer("decided_at_ms"),
  },
  (t) => [
    index("setting_requests_status").on(t.status, t.id),
    // one waiting change per setting: a second one is refused until the first is decided
    uniqueIndex("setting_requests_one_pending")
      .on(t.key)
      .where(sql`${t.status} = 'pending'`),
    check(
      "setting_requests_key_known",
      sql`${t.key} IN ('deposit_payees', 'coin_payouts', 'deposit_mode', 'kefu_url')`,
    ),
    check("setting_requests_status_known", sql`${t.status} IN ('pending', 'approved', 'rejected', 'cancelled')`),
  ],
);

// Single-use, expiring codes an operator enrols with (worker/operators/enrolment.ts): only the hash is
// kept. used_at_ms = 0 breaks the CHECK, which is how a spent code aborts the enrolment batch.
export const enrolmentCodes = sqliteTable(
  "enrolment_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull().unique(),
    // the admin who issued it; null when the command made the deployment's first admin (scripts/operator.mjs)
    createdBy: integer("created_by").references(() => users.id),
    createdAtMs: createdAtMs(),
    expiresAtMs: integer("expires_at_ms").notNull(),
    usedAtMs: integer("used_at_ms"),
  },
  (t) => [
    index("enrolment_codes_user").on(t.userId),
    check("enrolment_codes_used_positive", sql`${t.usedAtMs} IS NULL OR ${t.usedAtMs} > 0`),
  ],
);

// Every account's name and phone, and the wallet shard a player lives in (docs/decisions/161). Every account's
// id is taken here first, so an id is unique across the control database and all wallet shards and a player
// keeps it when moved; the unique name and phone are decided here, whatever shard the player is in.
export const accountDirectory = sqliteTable(
  "account_directory",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    quhao: text("quhao").notNull().default(""),
    phone: text("phone").notNull().default(""),
    // player: the index of their wallet shard (DB_WALLET_<shard>); operator and house: null (the control database)
    shard: integer("shard"),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    uniqueIndex("account_directory_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("account_directory_phone_unique")
      .on(t.quhao, t.phone)
      .where(sql`${t.phone} <> ''`),
    check("account_directory_shard_range", sql`${t.shard} IS NULL OR ${t.shard} BETWEEN 0 AND 254`),
  ],
);

// A player being moved between wallet shards (docs/decisions/161, worker/players/move.ts): the marker in the
// shard they leave and in the one they go to while their rows are copied and deleted. While it stands, the
// append-only triggers let that player's ledger, self-exclusion and audit rows be deleted (migration 0024),
// and the player stays frozen; `was_frozen` is what the move gives back when it ends.
export const playerMoves = sqliteTable("player_moves", {
  userId: integer("user_id").primaryKey(),
  fromShard: integer("from_shard").notNull(),
  toShard: integer("to_shard").notNull(),
  wasFrozen: integer("was_frozen").notNull(),
  startedAtMs: integer("started_at_ms").notNull(),
});

// What one operator moves alone, reserved in the control database before the money moves in a player's shard
// (docs/decisions/161 "Limits that span shards"): the operator's rolling 24 hours are a sum over every shard, so
// no shard can check them alone. Each row carries that sum with itself included, computed in its INSERT, so the
// CHECK refuses the one that would pass the limit; a shard that refuses the money gives the row back by its key.
export const soloAllowances = sqliteTable(
  "solo_allowances",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    operatorId: integer("operator_id").notNull(),
    // the player's id (their rows are in their shard, so no reference)
    userId: integer("user_id").notNull(),
    // <operator>:<the ledger key of the move>: one reservation per operator and adjustment or deposit
    reservationKey: text("reservation_key").notNull().unique(),
    // the size of the move (a debit counts like a credit)
    amountCents: integer("amount_cents").notNull(),
    windowCents: integer("window_cents").notNull(),
    limitCents: integer("limit_cents").notNull(),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    index("solo_allowances_operator").on(t.operatorId, t.createdAtMs),
    check("solo_allowances_window", sql`${t.windowCents} <= ${t.limitCents}`),
  ],
);

// Who holds each payout account (a bank account number or a coin address, per type), in the control database:
// "no account bound twice" (1046, docs/decisions/020) spans every wallet shard, which no shard can check alone
// (docs/decisions/161). Taken before the shard writes the card, given back when the card is deleted; a claim a
// crash left behind is taken over once its holder has no live card with it (worker/wallet/payout-claims.ts).
export const payoutClaims = sqliteTable(
  "payout_claims",
  {
    type: text("type").notNull(),
    account: text("account").notNull(),
    address: text("address").notNull(),
    userId: integer("user_id").notNull(),
    createdAtMs: createdAtMs(),
  },
  (t) => [primaryKey({ columns: [t.type, t.account, t.address] })],
);
