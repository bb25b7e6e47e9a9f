import type { WalletDb } from "../db/client";
import { getUserById } from "../accounts/users";
import { toMoney } from "#shared/money";
import { LEVEL_KEYS } from "#shared/players/levels";
import { maskedPhone } from "#shared/players/phone";
import { restrictionOf } from "../protection/refusal";
import { pendingWithdrawalCents } from "../wallet/requests";
import { withdrawableToday } from "../wallet/withdrawable";

/** What getuserinfo answers (docs/architecture.md#the-contract User, plus the withdrawable figure). */
export async function profileOf(db: WalletDb, userId: number, dailyCapCents: number) {
  const nowMs = Date.now();
  const [user, restriction, withdrawingCents] = await Promise.all([
    getUserById(db, userId),
    restrictionOf(db, userId, nowMs),
    pendingWithdrawalCents(db, userId),
  ]);
  const today = await withdrawableToday(db, { userId, balanceCents: user.moneyCents, dailyCapCents, nowMs });
  return {
    id: user.id,
    nickname: user.nickname,
    name: user.username,
    username: user.username,
    quhao: user.dialCode,
    phone: maskedPhone(user.phone, user.dialCode),
    money: toMoney(user.moneyCents),
    // Withdrawable today: the balance (held withdrawals have already left it) within the day's cap left.
    leftmoney: toMoney(today.withdrawableCents),
    // Held for withdrawals not yet paid out: out of the balance, still the player's money.
    withdrawing: toMoney(withdrawingCents),
    level: user.level,
    levelKey: LEVEL_KEYS[user.level - 1],
    noPassword2: user.payPasswordHash ? 0 : 1,
    role: user.role,
    // A running time-out or self-exclusion: the restricted view (docs/decisions/142), null otherwise.
    restricted: restriction && {
      errCode: restriction.errCode,
      period: restriction.period,
      until: restriction.extra.until ?? null,
    },
  };
}
