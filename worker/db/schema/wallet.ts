import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAtMs } from "./columns";
import { users } from "./both";

// A wallet shard's tables (docs/decisions/161 "What lives where", docs/decisions/176): a player's money whole
// (ledger, orders, bets, requests, accounts, limits, lock-ups, notices, adjustments, protection and risk rows)
// and the shard's books.

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

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNumber: text("ordersn").notNull().unique(),
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
    state: integer("isaward").notNull().default(-1),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    index("bets_round").on(t.roundId, t.state),
    // The live bet list reads the newest rows of a round (docs/decisions/111).
    index("bets_round_newest").on(t.roundId, t.id),
    index("bets_user").on(t.userId, t.createdAtMs),
    // The bet records' tabs (won, lost, pending) page by time within one state.
    index("bets_user_state").on(t.userId, t.state, t.createdAtMs),
    check("bets_stake_positive", sql`${t.stakeCents} > 0`),
    check("bets_odds_positive", sql`${t.oddsMilli} > 0`),
    check("bets_award_non_negative", sql`${t.awardCents} >= 0`),
    check("bets_isaward_known", sql`${t.state} IN (-1, 0, 1, 2, 3)`),
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
    state: integer("isaward").notNull(),
    createdAtMs: createdAtMs(),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.id] }), index("books_departed_bets_round").on(t.roundId)],
);

export const booksDepartedOrders = sqliteTable(
  "books_departed_orders",
  {
    moveId: integer("move_id").notNull(),
    id: integer("id").notNull(),
    orderNumber: text("ordersn").notNull(),
    userId: integer("user_id").notNull(),
    totalCents: integer("total_cents").notNull(),
    cancelledAtMs: integer("cancelled_at_ms"),
  },
  (t) => [primaryKey({ columns: [t.moveId, t.id] }), index("books_departed_orders_sn").on(t.orderNumber)],
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
