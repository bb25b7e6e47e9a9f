import { Fragment, type ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { DecisionForm } from "./DecisionForm";
import { PayoutNetwork } from "./PayoutNetwork";

import { payoutCoinLine, payoutCoins, payoutDestinationParts } from "~/lib/payout";
import type { CoinPayouts } from "#shared/payouts";
import { formatDecimal } from "~/lib/number-format";
import { requestRef } from "#shared/request-ref";
import { useAppConfig } from "~/lib/root-data";
import type { QueueRow } from "#shared/answers/console-wallet";

export type RequestKind = "deposit" | "withdrawal";

/** One line of a card: what the operator matches against a statement or a payout. */
export type Detail = { key: string; label: string; value: ReactNode };

/**
 * What each kind of request shows beside its amount. A new fact about a request (a wallet network,
 * say) is one more entry here, and the card, the history and the confirm step stay one component.
 */
export function requestDetails(
  kind: RequestKind,
  row: QueueRow,
  t: (key: string, values?: Record<string, unknown>) => string,
  rates: CoinPayouts = {},
  currency = "",
): Detail[] {
  if (kind === "deposit") {
    return [
      { key: "payer", label: t("approvals.payerLabel"), value: row.pay_name || "—" },
      {
        key: "payee",
        label: t("approvals.paidInto"),
        value: row.payee ? `${row.payee.name} · ${row.payee.account}` : t("approvals.notGiven"),
      },
      {
        key: "ref",
        label: t("approvals.transferRef"),
        value: row.pay_ref ? <code className="selectable">{row.pay_ref}</code> : t("approvals.notGiven"),
      },
    ];
  }
  // the destination in full (holder, bank and branch, or network and whole address) and, for a coin, what to send
  const card = row.card;
  const amount = `${formatDecimal(row.money, 2, 2)} ${currency}`.trim();
  const coins = payoutCoinLine(t, card, amount, payoutCoins(card, row.money, rates, row.coin), currency);
  return [
    {
      key: "payTo",
      label: t("approvals.payTo"),
      value: (
        <span className="selectable">
          {payoutDestinationParts(t, card).map((part, i) => (
            <Fragment key={i}>
              {i ? " · " : null}
              {part.whole ? <span className="payout-network">{part.text}</span> : part.text}
            </Fragment>
          ))}
        </span>
      ),
    },
    ...(coins ? [{ key: "send", label: t("approvals.send"), value: coins }] : []),
    ...(row.payout_ref
      ? [
          {
            key: "payoutRef",
            label: t("approvals.payoutRef"),
            value: <code className="selectable">{row.payout_ref}</code>,
          },
        ]
      : []),
  ];
}

/** A pending request with the player, the amount, the facts to check and the one decision form. */
export function RequestCard({ kind, row, rates }: { kind: RequestKind; row: QueueRow; rates: CoinPayouts }) {
  const { t } = useTranslation("admin");
  const { currency } = useAppConfig();
  return (
    <article className="admin-card request-card" data-testid={`${kind}-${row.id}`}>
      <div className="row">
        <strong>
          <Money value={row.money} />
        </strong>
        {kind === "withdrawal" ? <PayoutNetwork card={row.card} /> : null}
        <Link to={`/admin/players/${row.userId}`}>{row.username}</Link>
      </div>
      <div className="muted">
        {t(`approvals.${kind}Id`, { ref: requestRef(kind, row.id) })} · <PlayerTime ms={row.time} zone /> ·{" "}
        {t("approvals.balanceLabel")} <Money value={row.balance} />
      </div>
      <dl className="request-details">
        {requestDetails(kind, row, t, rates, currency).map((d) => (
          <div key={d.key} data-detail={d.key}>
            <dt>{d.label}</dt>
            <dd>{d.value}</dd>
          </div>
        ))}
      </dl>
      {row.firstApprovedBy ? (
        <p className="notice" data-testid="first-approval">
          {t("approvals.firstApprovedBy", { name: row.firstApprovedBy })}
        </p>
      ) : null}
      <DecisionForm
        kind={kind}
        id={row.id}
        refusal={row.refusedBecause ? t(`errors:${row.refusedBecause}`) : undefined}
      />
    </article>
  );
}
