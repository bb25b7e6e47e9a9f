import { Form, Link } from "@remix-run/react";
import type { FormEvent, MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, type LiveBet } from "~/lib/game";
import { optionLabel } from "~/lib/game-labels";

type Props = {
  bets: LiveBet[];
  gameType: number;
  open: boolean;
  onFollow: (bet: LiveBet) => void;
  onCancel: (bet: LiveBet) => void;
};

/** The round's real bets, newest first, names masked by the server; follow another's bet or cancel your own. */
export function LiveBets({ bets, gameType, open, onFollow, onCancel }: Props) {
  const { t } = useTranslation("game");
  return (
    <section className="live-bets" aria-labelledby="live-bets-title">
      <h2 id="live-bets-title" className="section-title">
        {t("live.title")}
        <span className="muted">{t("live.count", { count: bets.length })}</span>
      </h2>
      {bets.length === 0 ? (
        <p className="empty">{t("live.empty")}</p>
      ) : (
        <div className="live-table" role="table" aria-labelledby="live-bets-title">
          <div className="live-row live-head" role="row">
            <span role="columnheader">{t("live.player")}</span>
            <span role="columnheader">{t("live.option")}</span>
            <span role="columnheader" className="num">
              {t("live.amount")}
            </span>
            <span role="columnheader" className="visually-hidden">
              {t("live.action")}
            </span>
          </div>
          {bets.map((bet) => (
            <div className={`live-row${bet.mine ? " mine" : ""}`} role="row" key={bet.id}>
              <span role="cell" className="live-user">
                {bet.mine ? t("live.you") : bet.username}
              </span>
              <span role="cell">{optionLabel(t, bet.valuecn, gameType)}</span>
              <span role="cell" className="num">
                {formatMoney(bet.money)}
              </span>
              <span role="cell" className="live-action">
                {bet.mine ? (
                  <CancelLink bet={bet} open={open} onCancel={onCancel} />
                ) : (
                  <FollowForm bet={bet} open={open} onFollow={onFollow} />
                )}
              </span>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function CancelLink({ bet, open, onCancel }: { bet: LiveBet; open: boolean; onCancel: (bet: LiveBet) => void }) {
  const { t } = useTranslation("game");
  if (!open) return null;
  const click = (event: MouseEvent) => {
    event.preventDefault();
    onCancel(bet);
  };
  return (
    <Link to={`?cancel=${bet.orderId}`} className="chip-button danger" onClick={click} preventScrollReset>
      {t("cancel.button")}
    </Link>
  );
}

// A tiny form so following works without JavaScript too: it asks for the same confirm step as buying.
function FollowForm({ bet, open, onFollow }: { bet: LiveBet; open: boolean; onFollow: (bet: LiveBet) => void }) {
  const { t } = useTranslation("game");
  if (!open) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFollow(bet);
  };
  return (
    <Form method="post" onSubmit={submit} preventScrollReset>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="option" value={bet.value} />
      <input type="hidden" name="amount" value={Math.floor(bet.money)} />
      <button type="submit" className="chip-button">
        {t("live.follow")}
      </button>
    </Form>
  );
}
