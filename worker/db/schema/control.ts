import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAtMs } from "./columns";
import { users } from "./both";

// The control database's tables (docs/decisions/161 "What lives where", docs/decisions/176): rooms, games and
// rounds' public records, content, settings, finance products, codes, operator requests and enrolment, the
// directory of every account, and what spans the shards (solo allowances, payout claims).

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
    // currency tab: 1 USDT, 2 BTC, 3 ETH (the contract's `roomtype`, the column's word)
    currencyTab: integer("roomtype").notNull(),
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
  (t) => [index("rooms_tab").on(t.currencyTab, t.sort)],
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
    // The console's board of rounds in play and of voids, every room together (worker/room/round-board.ts).
    index("rounds_status_time").on(t.status, t.drawAtMs, t.id),
    // The books per day find the rounds still open at an instant by when they settled (worker/insight/books-days.ts).
    index("rounds_settled_time").on(t.settledAtMs),
    check("rounds_status_known", sql`${t.status} IN ('open', 'settled', 'void')`),
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

export const smsCodes = sqliteTable(
  "sms_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    dialCode: text("quhao").notNull(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAtMs: createdAtMs(),
    expiresAtMs: integer("expires_at_ms").notNull(),
    usedAtMs: integer("used_at_ms"),
    attempts: integer("attempts").notNull().default(0),
    // usernames registration tested with this code once it was right: three at most, then a new code
    nameChecks: integer("name_checks").notNull().default(0),
  },
  (t) => [index("sms_codes_phone").on(t.dialCode, t.phone, t.createdAtMs)],
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
// for a second admin, the settings row keeps the approved value until then; so does a banner leading outside the
// site, the banners table keeping the approved one (docs/decisions/188). `before` is the approved value when asked, `value` the one asked for.
export const settingRequests = sqliteTable(
  "setting_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // deposit_payees | coin_payouts | deposit_mode | kefu_url, or a banner leading outside the site: banner:<id>,
    // banner:new for a new one (docs/decisions/188-banners-leading-outside-wait-for-a-second-admin.md)
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
      sql`${t.key} IN ('deposit_payees', 'coin_payouts', 'deposit_mode', 'kefu_url', 'banner:new') OR (${t.key} GLOB 'banner:[1-9]*' AND substr(${t.key}, 8) NOT GLOB '*[^0-9]*')`,
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
    dialCode: text("quhao").notNull().default(""),
    phone: text("phone").notNull().default(""),
    // player: the index of their wallet shard (DB_WALLET_<shard>); operator and house: null (the control database)
    shard: integer("shard"),
    createdAtMs: createdAtMs(),
  },
  (t) => [
    uniqueIndex("account_directory_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("account_directory_phone_unique")
      .on(t.dialCode, t.phone)
      .where(sql`${t.phone} <> ''`),
    check("account_directory_shard_range", sql`${t.shard} IS NULL OR ${t.shard} BETWEEN 0 AND 254`),
    // each registration counts the players per shard to pick the least-filled (worker/players/directory.ts): read
    // from this index alone, not the table
    index("account_directory_shard").on(t.shard),
  ],
);

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
