import { hashPassword } from "../auth/password";
import { defaultRatesMilli, fullOptionCount } from "#shared/games/options";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { seedOperatorTotpSecret } from "../operators/sign-in";
import { ROOM_KIND_RULES, SEED_GAMES, SEED_MINBUY_CENTS, roomIdOf } from "./catalogue";
import { CURRENCY_TABS } from "#shared/rooms";
import { contentSeedStatements } from "./content";
import { type SqlExpression, insertOrIgnore, sqlExpression, sqlLiteral } from "./sql";
import { quotedTable } from "../db/quoted-table";
import { accountDirectory, financeProducts, games, invitationCodes, ledger, rooms, users } from "../db/schema";

/**
 * The demo data of docs/architecture.md#modes as SQL statements. Every statement is idempotent (fixed keys with
 * INSERT OR IGNORE, money guarded by its ledger key), so running the seed twice changes nothing.
 * Tests run them through D1; `npm run db:seed` writes them to a file for `wrangler d1 execute`.
 */
export const DEMO_PLAYER = {
  id: 3,
  username: "demo01",
  password: "demo1234",
  payPassword: "123456",
  /** E.164, as registration stores every number (docs/decisions/168). */
  phone: "+84900000001",
  moneyCents: 1_000_000,
};
export const DEMO_OPERATOR = { id: 2, username: "admin", password: "admin1234", role: "admin" };
/** A second operator, so that four eyes on money can be tried locally: admin asks, cashier approves (or the reverse). */
const DEMO_CASHIER = { username: "cashier", password: "cashier1234", role: "cashier" };
/** A second admin, so that power over operators (docs/decisions/060) can be tried locally: one asks, the other approves. */
const DEMO_SECOND_ADMIN = { username: "admin2", password: "admin21234", role: "admin" };
export const DEMO_OPERATORS = [DEMO_OPERATOR, DEMO_CASHIER, DEMO_SECOND_ADMIN];

/** The control database's accounts: every account's directory row (its id, name, phone, shard) and the operators. */
async function controlAccountStatements(pepper: string, nowMs: number, hash: PasswordHasher): Promise<string[]> {
  const [operatorHash, operatorTotp] = await Promise.all([
    hash(DEMO_OPERATOR.password, pepper),
    seedOperatorTotpSecret(pepper, DEMO_OPERATOR.username),
  ]);
  const others = await Promise.all(
    [DEMO_CASHIER, DEMO_SECOND_ADMIN].map(async (op) => ({
      ...op,
      hash: await hash(op.password, pepper),
      totp: await seedOperatorTotpSecret(pepper, op.username),
    })),
  );
  // Every account's id is taken in the directory first (docs/decisions/161); the demo player lives in shard 0.
  const directory = (id: number | null, username: string, shard: number | null, phone = "") =>
    insertOrIgnore(accountDirectory, {
      ...(id === null ? {} : { id }),
      username,
      quhao: phone ? "+84" : "",
      phone,
      shard,
      created_at_ms: nowMs,
    });
  return [
    directory(HOUSE_USER_ID, "house", null),
    directory(DEMO_OPERATOR.id, DEMO_OPERATOR.username, null),
    directory(DEMO_PLAYER.id, DEMO_PLAYER.username, 0, DEMO_PLAYER.phone),
    // no fixed id: players registered on an older local database may hold the next ids (the name is unique)
    ...others.map((op) => directory(null, op.username, null)),
    seedUser(DEMO_OPERATOR.id, DEMO_OPERATOR.username, "operator", operatorHash, nowMs, {
      totp_secret: operatorTotp,
      operator_role: DEMO_OPERATOR.role,
    }),
    // a database seeded before operators had TOTP gets the same secret `npm start` prints
    `UPDATE ${quotedTable(users)} SET totp_secret = ${sqlLiteral(operatorTotp)} WHERE id = ${DEMO_OPERATOR.id} AND totp_secret IS NULL;`,
    ...others.map((op) =>
      seedUser(
        sqlExpression(
          `(SELECT id FROM ${quotedTable(accountDirectory)} WHERE lower(username) = ${sqlLiteral(op.username)})`,
        ),
        op.username,
        "operator",
        op.hash,
        nowMs,
        { operator_role: op.role, totp_secret: op.totp },
      ),
    ),
  ];
}

const seedUser = (
  id: number | SqlExpression,
  username: string,
  role: string,
  passwordHash: string,
  nowMs: number,
  extra: Record<string, string | number | null> = {},
) =>
  insertOrIgnore(users, {
    id,
    username,
    nickname: username,
    role,
    password_hash: passwordHash,
    created_at_ms: nowMs,
    ...extra,
  });

/**
 * A wallet shard's accounts: its own house row (the other side of every movement in the shard, so each
 * shard's books sum to zero), and in shard 0 the demo player with their opening balance.
 */
async function walletAccountStatements(
  pepper: string,
  nowMs: number,
  shard: number,
  hash: PasswordHasher,
): Promise<string[]> {
  const unusable = "!"; // the house account can never log in: no hash matches "!"
  const house = seedUser(HOUSE_USER_ID, "house", "house", unusable, nowMs);
  if (shard !== 0) return [house];
  const [playerHash, payHash] = await Promise.all([
    hash(DEMO_PLAYER.password, pepper),
    hash(DEMO_PLAYER.payPassword, pepper),
  ]);
  const key = `seed:${DEMO_PLAYER.username}:opening`;
  const amount = DEMO_PLAYER.moneyCents;
  const notYet = `NOT EXISTS (SELECT 1 FROM ${quotedTable(ledger)} WHERE idempotency_key = ${sqlLiteral(key)})`;
  // Balances move only when this very run wrote the ledger rows (its timestamp marks them).
  const writtenNow = `EXISTS (SELECT 1 FROM ${quotedTable(ledger)} WHERE idempotency_key = ${sqlLiteral(key)} AND created_at_ms = ${nowMs})`;
  const ledgerRow = (userId: number, signed: number, rowKey: string) =>
    `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, ref, idempotency_key, created_at_ms)
      SELECT id, ${signed}, money_cents, money_cents + ${signed}, 'topup', 'Demo opening balance', NULL, ${sqlLiteral(rowKey)}, ${nowMs}
      FROM ${quotedTable(users)} WHERE id = ${userId} AND ${notYet};`;
  // The opening balance moves like any top-up: house row, player row, both balances, once.
  return [
    house,
    seedUser(DEMO_PLAYER.id, DEMO_PLAYER.username, "player", playerHash, nowMs, {
      pay_password_hash: payHash,
      quhao: "+84",
      phone: DEMO_PLAYER.phone,
      invitation_code: "888",
    }),
    ledgerRow(HOUSE_USER_ID, -amount, `${key}:house`),
    ledgerRow(DEMO_PLAYER.id, amount, key),
    `UPDATE ${quotedTable(users)} SET money_cents = money_cents - ${amount} WHERE id = ${HOUSE_USER_ID} AND ${writtenNow};`,
    `UPDATE ${quotedTable(users)} SET money_cents = money_cents + ${amount} WHERE id = ${DEMO_PLAYER.id} AND ${writtenNow};`,
  ];
}

function gameStatements(): string[] {
  const out: string[] = [];
  for (const game of SEED_GAMES) {
    out.push(
      insertOrIgnore(games, {
        id: game.id,
        title: game.title,
        title_key: game.key,
        type: game.type,
        image: `/tiles/${game.key}.svg`,
        sort: game.id,
      }),
    );
    const optionCount = game.optionCount ?? fullOptionCount(game.type);
    const rules = ROOM_KIND_RULES[game.kind];
    CURRENCY_TABS.forEach((tab, i) => {
      const currencyTab = i + 1;
      out.push(
        insertOrIgnore(rooms, {
          id: roomIdOf(game.id, currencyTab),
          game_id: game.id,
          roomtype: currencyTab,
          kind: game.kind,
          title: `${game.title} · ${tab}`,
          minjoin_cents: rules.minjoinCents,
          minbuy_cents: SEED_MINBUY_CENTS,
          min_level: rules.minLevel,
          option_count: optionCount,
          rates_milli: JSON.stringify(defaultRatesMilli(game.type, optionCount)),
          sort: game.id,
        }),
      );
    });
  }
  return out;
}

function settingStatements(): string[] {
  const products = [
    { id: 1, name_key: "primary", min_cents: 10_000_000, max_cents: 30_000_000, daily_rate_ppm: 1_500, days: 15 },
    { id: 2, name_key: "intermediate", min_cents: 30_000_000, max_cents: 80_000_000, daily_rate_ppm: 3_000, days: 30 },
    { id: 3, name_key: "advanced", min_cents: 80_000_000, max_cents: 150_000_000, daily_rate_ppm: 8_000, days: 45 },
    { id: 4, name_key: "super", min_cents: 150_000_000, max_cents: null, daily_rate_ppm: 13_000, days: 60 },
  ];
  return [
    insertOrIgnore(invitationCodes, { code: "888", owner_id: null, active: 1 }),
    ...products.map((p) => insertOrIgnore(financeProducts, { ...p, sort: p.id })),
  ];
}

/** How the seed hashes its accounts' passwords: worker/auth/password.ts's, unless a caller keeps the hashes. */
type PasswordHasher = (password: string, pepper: string) => Promise<string>;

/**
 * The demo data per database (docs/decisions/161): the control database's, and each wallet shard's. Where
 * DB_WALLET_0 is the control database itself (npm start), both run on it; every statement is idempotent.
 * `hash` is hashPassword, or a caller's that keeps its hashes: the test runtime seeds every file's fresh databases
 * and hashes each demo password once (tests/support/fresh-storage.ts).
 */
export async function seedStatements(pepper: string, nowMs = Date.now(), hash: PasswordHasher = hashPassword) {
  const control = [
    ...(await controlAccountStatements(pepper, nowMs, hash)),
    ...gameStatements(),
    ...settingStatements(),
    ...contentSeedStatements(nowMs),
  ];
  return { control, wallet: (shard: number) => walletAccountStatements(pepper, nowMs, shard, hash) };
}
