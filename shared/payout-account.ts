// An account money is paid to, written short: enough to tell one's own accounts apart and to match a payout,
// never the whole number. The player's withdrawals and accounts show it so, and the console's CSV of
// withdrawals writes it so (worker/insight/exports.ts): a file that leaves the console carries no full number.

/** An account number shown in lists: only its last four characters. */
export function maskAccount(account: string): string {
  return account.length <= 4 ? account : `•••• ${account.slice(-4)}`;
}

/** A long wallet address with its middle left out; the ends are what people compare. */
export function shortAddress(address: string): string {
  return address.length <= 16 ? address : `${address.slice(0, 6)}…${address.slice(-6)}`;
}

type PayoutAccount = { type: string; bank: string; account: string; address: string };

/** "Vietcombank •••• 2233" for a bank account, "USDT TQn9Y2…KcbLSE" for a coin address. */
export function payoutAccountShort(card: PayoutAccount): string {
  return card.type === "Bank"
    ? `${card.bank} ${maskAccount(card.account)}`
    : `${card.type} ${shortAddress(card.address)}`;
}
