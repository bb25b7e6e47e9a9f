import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { maskAccount, shortAddress } from "#shared/payout-account";
import type { Card } from "#shared/answers/wallet";
import { Icon } from "./Icon";
import { accountTypeName, networkName } from "#shared/names";

const COIN_GLYPH: Record<string, string> = { USDT: "₮", BTC: "B", ETH: "Ξ" };

export function AccountIcon({ type }: { type: string }) {
  return (
    <span className={`account-icon account-icon-${type.toLowerCase()}`} aria-hidden="true">
      {type === "Bank" ? <Icon name="bank" /> : (COIN_GLYPH[type] ?? type.slice(0, 1))}
    </span>
  );
}

type Shown = Pick<Card, "type" | "bank" | "account" | "address"> & Partial<Pick<Card, "username" | "area" | "network">>;

/**
 * One bank card or wallet address. A bank account number is always masked to its end, enough to tell
 * accounts apart (only the form that adds it shows it whole). `details` (the player's own accounts page)
 * adds the holder and branch and the whole wallet address, which a player checks character by character.
 */
export function AccountCard({
  card,
  details = false,
  children,
}: {
  card: Shown;
  details?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("wallet");
  const isBank = card.type === "Bank";
  return (
    <div className={`account-card account-card-${card.type.toLowerCase()}`}>
      <AccountIcon type={card.type} />
      <div className="account-text">
        {/* a coin's "USDT 地址" and its network's "· ERC20（以太坊）" each stay whole: the line breaks only between them */}
        <div className="account-title">
          {isBank ? card.bank : <span className="account-type">{accountTypeName(t, card.type)}</span>}
          {!isBank && card.network ? (
            <>
              {" "}
              <span className="account-network">· {networkName(t, card.network)}</span>
            </>
          ) : null}
        </div>
        <div className="account-number">
          {isBank ? (
            maskAccount(card.account)
          ) : details ? (
            <span className="address">{card.address}</span>
          ) : (
            shortAddress(card.address)
          )}
        </div>
        {details && isBank ? (
          <div className="account-meta">
            {card.username} · {card.area}
          </div>
        ) : null}
      </div>
      {children}
    </div>
  );
}
