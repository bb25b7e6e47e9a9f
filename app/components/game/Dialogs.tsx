import { Form, Link } from "@remix-run/react";
import type { FormEvent, MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, formatOdds, type LiveBet } from "~/lib/game";
import type { OrderReview } from "~/lib/answers/room";
import { optionLabel } from "~/lib/game-labels";
import { formatCountdown } from "~/lib/game-countdown";
import { Money } from "~/components/Money";
import { useAppConfig } from "~/lib/root-data";

type CloseProps = { closeHref: string; onClose?: () => void };

function DialogShell({ title, children }: CloseProps & { title: string; children: ReactNode }) {
  return (
    <div className="dialog-backdrop">
      <div className="dialog game-dialog" role="dialog" aria-modal="true" aria-labelledby="game-dialog-title">
        <h2 id="game-dialog-title">{title}</h2>
        {children}
      </div>
    </div>
  );
}

// Without JavaScript a dialog is part of the rendered page and "back" is a link; with it, it closes in place.
function BackButton({ closeHref, onClose, label }: CloseProps & { label: string }) {
  const click = (event: MouseEvent) => {
    if (!onClose) return;
    event.preventDefault();
    onClose();
  };
  return (
    <Link className="button secondary" to={closeHref} onClick={click} preventScrollReset replace>
      {label}
    </Link>
  );
}

function submitWith(onSubmit: ((form: FormData) => void) | undefined) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmit) return;
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
}

/** The confirm popup of the buy flow (docs/product.md#how-screens-behave): what is bought, at which odds, and the total. */
export function ConfirmOrder({
  review,
  gameType,
  balance,
  clock,
  busy,
  onPay,
  ...close
}: CloseProps & {
  review: OrderReview;
  gameType: number;
  balance: number;
  /** the round's clock: the dialog covers the room's, so it says the time left itself */
  clock?: { phase: "open" | "closed" | "drawing"; seconds: number };
  busy: boolean;
  onPay?: (form: FormData) => void;
}) {
  const { t } = useTranslation("game");
  return (
    <DialogShell title={t("order.confirmTitle")} {...close}>
      <p className="dialog-sub">
        {t("round.number", { seqno: review.seqno })}
        {clock && clock.phase !== "drawing" ? (
          <span className="dialog-clock" data-testid="confirm-clock">
            {" · "}
            {t(`round.phase.${clock.phase}`)} <span className="num">{formatCountdown(clock.seconds)}</span>
          </span>
        ) : null}
      </p>
      <ul className="confirm-list">
        {review.picks.map((pick) => (
          <li key={pick.index}>
            <span>{optionLabel(t, pick.key, gameType)}</span>
            <span className="muted">@ {formatOdds(pick.odds)}</span>
            <span className="num">
              <Money value={review.amount} />
            </span>
          </li>
        ))}
      </ul>
      <dl className="confirm-total">
        <dt>{t("order.total")}</dt>
        <dd className="num">
          <Money value={review.total} />
        </dd>
        <dt>{t("order.balanceAfter")}</dt>
        <dd className="num">
          <Money value={balance - review.total} />
        </dd>
      </dl>
      <Form method="post" onSubmit={submitWith(onPay)} preventScrollReset>
        <input type="hidden" name="intent" value="order" />
        <input type="hidden" name="gameid" value={review.gameid} />
        <input type="hidden" name="request_id" value={review.requestId} />
        <input type="hidden" name="amount" value={review.amount} />
        {review.picks.map((pick) => (
          <input key={pick.index} type="hidden" name="pick" value={pick.pick} />
        ))}
        <div className="buttons">
          <BackButton label={t("order.back")} {...close} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("order.paying") : t("order.pay")}
          </button>
        </div>
      </Form>
    </DialogShell>
  );
}

/** Cancelling an own order asks first (docs/product.md#how-screens-behave); the whole order (all its options) is refunded. */
export function ConfirmCancel({
  orderId,
  rows,
  gameType,
  busy,
  onConfirm,
  ...close
}: CloseProps & {
  orderId: number;
  rows: LiveBet[];
  gameType: number;
  busy: boolean;
  onConfirm?: (form: FormData) => void;
}) {
  const { t } = useTranslation("game");
  const { currency } = useAppConfig();
  const total = rows.reduce((sum, row) => sum + row.money, 0);
  return (
    <DialogShell title={t("cancel.title")} {...close}>
      <p>
        {rows.length > 0
          ? t("cancel.question", { count: rows.length, total: `${formatMoney(total)} ${currency}` })
          : t("cancel.questionUnknown")}
      </p>
      {rows.length > 0 ? (
        <ul className="confirm-list">
          {rows.map((row) => (
            <li key={row.id}>
              <span>{optionLabel(t, row.valuecn, gameType)}</span>
              <span className="num">
                <Money value={row.money} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" onSubmit={submitWith(onConfirm)} preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="order_id" value={orderId} />
        <div className="buttons">
          <BackButton label={t("cancel.keep")} {...close} />
          <button type="submit" className="button danger" disabled={busy}>
            {t("cancel.confirm")}
          </button>
        </div>
      </Form>
    </DialogShell>
  );
}
