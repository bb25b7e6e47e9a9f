import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { useCallback, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { Toast } from "~/components/Toast";
import { formatMoney, type LiveBet, type RecordPage } from "~/lib/game";
import type { GameInfo } from "#shared/answers/games";
import { RACING_10 } from "#shared/rooms";
import { gameTitle } from "~/lib/game-labels";
import { useLiveRound } from "~/lib/game-room";
import { roundClock } from "~/lib/game-countdown";
import type { LastRoundPaid } from "~/lib/round-outcome";
import { shownRoomBalance, type KeptBalance } from "~/lib/room-balance";
import { useHydrated } from "~/lib/use-hydrated";
import { useAppConfig } from "~/lib/root-data";
import { BetSlip } from "./BetSlip";
import { ConfirmCancel, ConfirmOrder } from "./Dialogs";
import { LiveBets } from "./LiveBets";
import { OptionGrid, RacingGrid } from "./OptionGrid";
import { RecordDialog } from "./RecordDialog";
import { RoundPanel } from "./RoundPanel";
import { useBetting, type Notice } from "./useBetting";
import type { Done, RoomActionAnswer } from "~/lib/answers/room";
import { useRecords } from "./useRecords";

export type OpenRoom = {
  roomId: number;
  balance: number;
  servedAt: number;
  room: GameInfo;
  bets: LiveBet[];
  lastAward: LastRoundPaid | null;
  record: RecordPage | null;
};

/** The game room (docs/product.md#screens and docs/product.md#how-screens-behave): one screen for every game type; Racing 10 gets its rank grid. */
export function GameRoom({ data }: { data: OpenRoom }) {
  const { t } = useTranslation("game");
  const { currency } = useAppConfig();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const info = data.room;
  const gameType = info.room.type;
  const { live, secondsLeft, open, status, rememberOrder } = useLiveRound(data.roomId, info, data.bets, data.servedAt);
  // A reload brings the server's balance; an order or cancel in between brings the newer one.
  const [kept, setKept] = useState<KeptBalance | null>(null);
  const shownBalance = shownRoomBalance(kept, data);
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
  const notify = useCallback((n: Notice) => setNotice({ ...n, key: Date.now() }), []);
  const onDone = (done: Done) => {
    setKept({ loadedAt: data.servedAt, value: done.money });
    if (done.orderId) rememberOrder(done.orderId);
    notify({ message: done.message, tone: "info" });
  };
  const betting = useBetting({ info, game: live.game, open, balance: shownBalance, onDone, notify });
  // ?cancel=<order id> is the no-JavaScript way to the confirm dialog; with JavaScript it opens in place.
  const [cancelId, setCancelId] = useState<number | null>(
    () => Number(new URLSearchParams(search).get("cancel")) || null,
  );
  const records = useRecords(data.roomId);
  const serverAnswer = useActionData<RoomActionAnswer>();
  const Grid = gameType === RACING_10 ? RacingGrid : OptionGrid;
  // Refusals show where they belong: a pick problem above the grid, an amount problem under the input.
  const fieldError = betting.error ?? (serverAnswer?.error?.field ? serverAnswer.error : null);
  const optionError = fieldError?.field === "option" ? fieldError.message : null;
  const amountError = fieldError && fieldError.field !== "option" ? fieldError.message : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    betting.submitReview();
  };
  const confirmCancel = (form: FormData) => {
    setCancelId(null);
    betting.cancel(form);
  };

  return (
    <main className="game-room">
      <PageHeader title={gameTitle(t, info.room.titleKey, info.room.title)} back="/" />
      <nav className="room-tools" aria-label={t("room.tools")}>
        <Link to={`/rules/${data.roomId}`}>{t("rules.link")}</Link>
        <Link to="/fairness">{t("fairness.link")}</Link>
        <Link to="/betlist">{t("betlist.link")}</Link>
        <Link to={`/current/${data.roomId}`}>{t("room.current")}</Link>
        <Link to={`/room_list/${info.room.roomtype ?? 1}`}>{t("room.allRooms")}</Link>
      </nav>
      <section className="balance-bar">
        <div>
          <span className="muted">{t("room.balance")}</span>
          <strong className="num">
            {formatMoney(shownBalance)} <small>{currency}</small>
          </strong>
        </div>
        <Link to="/recharge" className="button small">
          {t("room.deposit")}
        </Link>
      </section>
      <RoundPanel
        seqno={live.game.seqno}
        secondsLeft={secondsLeft}
        closeSeconds={info.closeSeconds}
        open={open}
        latest={live.his[0]}
        gameType={gameType}
        lastAward={data.lastAward}
        status={hydrated ? status : null}
        onRecord={hydrated ? records.open : undefined}
        beacon={
          live.game.beacon
            ? { round: live.game.beacon.round, href: `/fairness?room=${data.roomId}&seqno=${live.game.seqno}` }
            : null
        }
        waitingForBeacon={
          live.game.beacon && (live.game.status === "waiting" || secondsLeft <= 0) ? live.game.beacon.round : null
        }
      />
      <LiveBets
        bets={live.bets}
        gameType={gameType}
        open={open}
        onFollow={betting.follow}
        onCancel={(bet) => (open ? setCancelId(bet.orderId) : notify({ message: t("round.stopped"), tone: "warning" }))}
      />
      <Form method="post" className="bet-form" onSubmit={hydrated ? review : undefined} preventScrollReset>
        <h2 className="section-title">
          <span>
            {t("order.title")}
            <span className={`kind-badge kind-${info.room.kind}`}>{t(`kinds.${info.room.kind}`)}</span>
          </span>
          <span className="muted">{t("order.minbuy", { num: `${formatMoney(info.room.minbuy)} ${currency}` })}</span>
        </h2>
        {optionError ? (
          <p className="field-error" role="alert">
            {optionError}
          </p>
        ) : null}
        <Grid
          options={info.options}
          gameType={gameType}
          picked={betting.picked}
          onToggle={betting.toggle}
          disabled={!open}
        />
        <BetSlip
          amount={betting.amount}
          onAmount={betting.setAmount}
          picks={betting.pickedCount}
          open={open}
          error={amountError}
          busy={betting.paying}
          quick={hydrated}
          currency={currency}
        />
      </Form>
      {betting.review ? (
        <ConfirmOrder
          review={betting.review}
          gameType={gameType}
          balance={shownBalance}
          clock={roundClock(secondsLeft, info.closeSeconds)}
          busy={betting.paying}
          onPay={betting.pay}
          onClose={betting.closeReview}
          closeHref={pathname}
        />
      ) : serverAnswer?.review ? (
        <ConfirmOrder
          review={serverAnswer.review}
          gameType={gameType}
          balance={shownBalance}
          clock={roundClock(secondsLeft, info.closeSeconds)}
          busy={false}
          closeHref={pathname}
        />
      ) : null}
      {cancelId ? (
        <ConfirmCancel
          orderId={cancelId}
          rows={live.bets.filter((bet) => bet.orderId === cancelId && bet.mine)}
          gameType={gameType}
          busy={betting.cancelFetcher.state !== "idle"}
          onConfirm={hydrated ? confirmCancel : undefined}
          onClose={hydrated ? () => setCancelId(null) : undefined}
          closeHref={pathname}
        />
      ) : null}
      {records.shown || data.record ? (
        <RecordDialog
          roomId={data.roomId}
          gameType={gameType}
          {...(records.shown
            ? records.view
            : {
                rounds: data.record!.list,
                page: data.record!.page,
                hasMore: data.record!.hasMore,
                loading: false,
                failed: data.record!.failed,
              })}
          closeHref={pathname}
          onClose={records.shown ? records.close : undefined}
          onMore={records.shown ? records.more : undefined}
        />
      ) : null}
      {notice ? <Toast key={notice.key} message={notice.message} tone={notice.tone} /> : null}
      {!notice && serverAnswer?.error && !serverAnswer.error.field ? (
        <Toast message={serverAnswer.error.message} tone="warning" />
      ) : null}
    </main>
  );
}
