import { useTranslation } from "react-i18next";
import { networkName } from "#shared/names";

type PayoutCard = { type: string; network?: string };

/**
 * The network a coin withdrawal is sent on, shown beside its amount on the approval card: coins sent
 * on another network are lost. An address bound before networks were recorded says so, so the
 * operator asks the player rather than guesses. Nothing for a bank account.
 */
export function PayoutNetwork({ card }: { card?: PayoutCard }) {
  const { t } = useTranslation("admin");
  if (!card || card.type === "Bank") return null;
  return card.network ? (
    <span className="badge" data-testid="payout-network">
      {t("approvals.sendOn", {
        coin: card.type,
        network: networkName(t, card.network),
      })}
    </span>
  ) : (
    <span className="badge danger" data-testid="payout-network">
      {t("approvals.networkUnknown")}
    </span>
  );
}
