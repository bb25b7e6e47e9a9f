import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/admin/DataTable";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { Pager } from "~/components/wallet/Pager";
import { gameTitle } from "~/lib/game-labels";
import { loadAdmin } from "~/lib/operator.server";
import { noteText } from "~/lib/request-notes";
import { pageCursor, pageOf } from "~/lib/wallet";
import { CURRENCY_TABS } from "#shared/rooms";
import type { BoardRow } from "#shared/answers/console-rooms";

export const handle = { title: "admin:rounds.boardTitle" };

/** Every room's rounds in play (soonest draw first) or voided (newest first), a page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "void" ? "void" : "open";
  const result = await loadAdmin(request, context, "/api/admin/rounds/board", {
    status,
    page: pageOf(url.searchParams),
    ...pageCursor(url.searchParams),
  });
  return { status, ...result };
}

/** "Lucky 28 · USDT · VIP (#7)": the room in words, its id for the operator who knows it by number. */
function RoomName({ row }: { row: BoardRow }) {
  const { t } = useTranslation(["admin", "game"]);
  const currency = CURRENCY_TABS[row.room.roomtype - 1] ?? "";
  return (
    <Link to={`/admin/rooms/${row.roomId}`}>
      {[
        gameTitle(t, row.room.titleKey, row.room.title),
        currency,
        t(`game:kinds.${row.room.kind}`, { defaultValue: row.room.kind }),
      ]
        .filter(Boolean)
        .join(" · ")}{" "}
      <span className="muted room-number">#{row.roomId}</span>
    </Link>
  );
}

export default function RoundBoard() {
  const { status, list, page, hasMore, next, prev } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "game"]);
  const voids = status === "void";
  const columns: Column<BoardRow>[] = [
    { head: t("rounds.room"), cell: (r) => <RoomName row={r} /> },
    { head: t("rounds.round"), cell: (r) => r.seqno },
    { head: t("rounds.drawAt"), cell: (r) => <PlayerTime ms={r.drawAt} zone /> },
    { head: t("rounds.bets"), className: "num", cell: (r) => r.bets },
    {
      head: t(voids ? "rounds.stakesRefunded" : "rounds.stakesInPlay"),
      className: "num",
      cell: (r) => <Money value={r.stakes} />,
    },
    ...(voids
      ? ([
          { head: t("rounds.voidedByCol"), cell: (r) => r.voidedBy ?? t("rounds.automatic") },
          {
            head: t("rounds.why"),
            className: "wrap",
            cell: (r) =>
              r.voidNote ? noteText(t, r.voidNote) : r.voidReason ? t(`game:result.voidReasons.${r.voidReason}`) : "—",
          },
        ] satisfies Column<BoardRow>[])
      : []),
  ];
  return (
    <main className="admin-main">
      <h1>{t("rounds.boardTitle")}</h1>
      <nav className="admin-tabs" aria-label={t("rounds.boardTitle")}>
        <Link to="?status=open" aria-current={voids ? undefined : "page"} className={voids ? undefined : "active"}>
          {t("rounds.inPlayTab")}
        </Link>
        <Link to="?status=void" aria-current={voids ? "page" : undefined} className={voids ? "active" : undefined}>
          {t("rounds.voidsTab")}
        </Link>
      </nav>
      {list.length === 0 ? <p className="muted">{t(voids ? "rounds.noneVoid" : "rounds.noneOpen")}</p> : null}
      {list.length > 0 ? (
        <DataTable
          label={t(voids ? "rounds.voidsTab" : "rounds.inPlayTab")}
          columns={columns}
          rows={list}
          rowKey={(r) => r.id}
          rowTestId={(r) => `board-round-${r.id}`}
        />
      ) : null}
      <Pager page={page} hasMore={hasMore} next={next} prev={prev} />
    </main>
  );
}
