import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { groupAccount, maskAccount, shortAddress } from "~/lib/wallet";
import type { Card } from "~/lib/wallet-types";
import { Icon } from "./Icon";

const COIN_GLYPH: Record<string, string> = { USDT: "₮", BTC: "B", ETH: "Ξ" };

export function AccountIcon({ type }: { type: string }) {
  return (
    <span className={`account-icon account-icon-${type.toLowerCase()}`} aria-hidden="true">
      {type === "Bank" ? <Icon name="bank" /> : COIN_GLYPH[type] ?? type.slice(0, 1)}
    </span>
  );
}

type Shown = Pick<Card, "type" | "bank" | "account" | "address"> & Partial<Pick<Card, "username" | "area">>;

/**
 * One bank card or wallet address. `full` shows the whole number (the player's own accounts page);
 * elsewhere only its end, enough to tell accounts apart.
 */
export function AccountCard({ card, full = false, children }: { card: Shown; full?: boolean; children?: ReactNode }) {
  const { t } = useTranslation("wallet");
  const isBank = card.type === "Bank";
  return (
    <div className={`account-card account-card-${card.type.toLowerCase()}`}>
      <AccountIcon type={card.type} />
      <div className="account-text">
        <div className="account-title">{isBank ? card.bank : t("accounts.coinAddress", { coin: card.type })}</div>
        <div className="account-number">
          {isBank ? (full ? groupAccount(card.account) : maskAccount(card.account)) : full ? <span className="address">{card.address}</span> : shortAddress(card.address)}
        </div>
        {full && isBank ? (
          <div className="account-meta">
            {card.username} · {card.area}
          </div>
        ) : null}
      </div>
      {children}
    </div>
  );
}
