import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PLAYER_ZONE, playerTime } from "~/lib/player-time";
import { formatDecimal } from "~/lib/number-format";
import { ledgerReasonText } from "~/lib/ledger-reason";
import { gameTitle, optionLabel, type Translate } from "~/lib/game-labels";
import { betStatusOf } from "~/lib/game";
import { voidReasonText } from "~/lib/void-reason";
import { reasonRequestRef, requestRef } from "#shared/request-ref";
import { RefInText } from "~/components/RefInText";
import { DataTable, type Column } from "./DataTable";
import type { PlayerFile } from "#shared/answers/console-players";
import { accountTypeName, networkName } from "#shared/names";

/** One titled section of the file; "none" instead of an empty table. */
function Table({ title, head, rows }: { title: string; head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation("admin");
  const columns: Column<ReactNode[]>[] = head.map((h, i) => ({ head: h, cell: (row) => row[i] }));
  return (
    <section className="admin-section">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t("player.empty")}</p>
      ) : (
        <DataTable label={title} columns={columns} rows={rows} rowKey={(_, i) => i} />
      )}
    </section>
  );
}

/**
 * A bet's outcome as the player's bet records name it: won with its award, not won, refunded (a voided round,
 * never an award) with why it was voided, cancelled, or awaiting its draw.
 */
function BetOutcome({ bet }: { bet: PlayerFile["bets"][number] }) {
  const { t } = useTranslation(["game", "common"]);
  const status = betStatusOf(bet.isaward);
  const why = bet.void?.reason ? voidReasonText(t, { voidReason: bet.void.reason, voidPreset: bet.void.preset }) : null;
  return (
    <>
      {t(`betlist.status.${status}`)}
      {status === "won" || status === "refunded" ? (
        <>
          {" "}
          <Money value={bet.award} />
        </>
      ) : null}
      {why ? (
        <div className="muted">
          {t("betlist.voided")}: {why}
        </div>
      ) : null}
    </>
  );
}

/** The recent history on a player's page: ledger, bets, requests, accounts, sessions (10 each). */
export function PlayerTables({ file }: { file: PlayerFile }) {
  const { t } = useTranslation(["admin", "wallet", "game", "finance"]);
  const money = (n: number) => <Money value={n} />;
  const tr = t as Translate;
  const when = t("player.timeCol", { zone: PLAYER_ZONE });
  const status = (s: string) => t(`wallet:status.${s}`, { defaultValue: s });
  return (
    <>
      <Table
        title={t("player.ledger")}
        head={[when, t("player.moneyCol"), t("player.balance"), t("player.reason")]}
        rows={file.ledger.map((r) => [
          playerTime(r.time),
          money(r.amount),
          money(r.after),
          <>
            {`${t(`wallet:kinds.${r.kind ?? r.type}`, { defaultValue: r.type })} · `}
            {/* the request's reference never breaks inside itself, as on the player's ledger */}
            <RefInText
              text={ledgerReasonText(tr, {
                reason: r.reason,
                reasonKey: r.reasonKey ?? null,
                reasonParams: r.reasonParams ?? null,
              })}
              refText={r.reasonKey ? reasonRequestRef(r.reasonKey, r.reasonParams ?? {}) : null}
            />
            {r.note ? ` · ${t("player.internalNote")}: ${r.note}` : ""}
          </>,
        ])}
      />
      <Table
        title={t("player.bets")}
        head={[when, t("rounds.round"), t("player.stakeOdds"), t("player.outcomeCol")]}
        rows={file.bets.map((b) => [
          playerTime(b.time),
          `${gameTitle(tr, b.titleKey, b.room)} · ${t("rounds.round")} ${b.seqno} · ${optionLabel(
            tr,
            b.option,
            b.gameType,
          )}`,
          <>
            {money(b.stake)} × {formatDecimal(b.odds, 3, 3)}
          </>,
          <BetOutcome key="outcome" bet={b} />,
        ])}
      />
      <Table
        title={t("player.requests")}
        head={[when, "#", t("player.moneyCol"), t("player.statusCol")]}
        rows={[
          ...file.deposits.map((d) => [
            playerTime(d.time),
            requestRef("deposit", d.id),
            money(d.money),
            status(d.status),
          ]),
          ...file.withdrawals.map((w) => [
            playerTime(w.time),
            requestRef("withdrawal", w.id),
            money(-w.money),
            status(w.status),
          ]),
        ]}
      />
      <Table
        title={t("player.accounts")}
        head={[t("player.typeCol"), t("player.bankCol"), t("player.accountCol")]}
        // a coin's network in the bank's column ("Bank or network"), by the name the player's accounts give it
        rows={file.cards.map((c) => [
          accountTypeName(tr, c.type),
          c.network ? networkName(tr, c.network) : c.bank,
          c.account || c.address,
        ])}
      />
      <Table
        title={t("player.sessions")}
        head={[
          t("player.typeCol"),
          t("player.startedCol", { zone: PLAYER_ZONE }),
          t("player.lastSeenCol", { zone: PLAYER_ZONE }),
        ]}
        rows={file.sessions.map((s) => [
          t(`player.sessionKinds.${s.kind}`, { defaultValue: s.kind }),
          playerTime(s.createdAt),
          s.lastSeenAt ? playerTime(s.lastSeenAt) : "—",
        ])}
      />
    </>
  );
}
