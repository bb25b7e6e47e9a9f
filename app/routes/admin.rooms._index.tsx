import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/wallet/Pager";
import { gameTitle } from "~/lib/game-labels";
import { loadAdmin } from "~/lib/operator.server";
import { pageOf } from "~/lib/wallet";
import { CURRENCY_TABS, ROOM_KINDS } from "#shared/rooms";

export const handle = { title: "admin:rooms.title" };

/** The rooms, narrowed by game, currency and kind (a GET form: the filter is in the URL, without JavaScript too). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const get = (name: string) => url.searchParams.get(name)?.trim() ?? "";
  const filters = {
    gameId: /^\d{1,9}$/.test(get("gameId")) ? get("gameId") : "",
    roomtype: /^[1-3]$/.test(get("roomtype")) ? get("roomtype") : "",
    kind: (ROOM_KINDS as readonly string[]).includes(get("kind")) ? get("kind") : "",
  };
  const [rooms, games] = await Promise.all([
    loadAdmin(request, context, "/api/admin/rooms", {
      page: pageOf(url.searchParams),
      ...filters,
    }),
    loadAdmin(request, context, "/api/admin/games"),
  ]);
  return { ...rooms, games: games.list, filters };
}

export default function Rooms() {
  const { list, page, hasMore, games, filters } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "game"]);
  return (
    <main className="admin-main">
      <div className="row admin-title-row">
        <h1>{t("rooms.title")}</h1>
        <Link className="button small" to="/admin/rooms/new">
          {t("rooms.create")}
        </Link>
      </div>
      <Form method="get" className="admin-search room-filters">
        <label className="field">
          <span className="field-label">{t("rooms.filterGame")}</span>
          <select name="gameId" defaultValue={filters.gameId}>
            <option value="">{t("rooms.anyGame")}</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {gameTitle(t, g.titleKey, g.title)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("rooms.filterCurrency")}</span>
          <select name="roomtype" defaultValue={filters.roomtype}>
            <option value="">{t("rooms.anyCurrency")}</option>
            {CURRENCY_TABS.map((c, i) => (
              <option key={c} value={i + 1}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("rooms.filterKind")}</span>
          <select name="kind" defaultValue={filters.kind}>
            <option value="">{t("rooms.anyKind")}</option>
            {ROOM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`game:kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <button className="button small" type="submit">
          {t("rooms.filter")}
        </button>
      </Form>
      {list.length === 0 ? <p className="muted">{t("rooms.none")}</p> : null}
      {list.length > 0 ? (
        <DataTable
          label={t("rooms.title")}
          className="rooms-table"
          rows={list}
          rowKey={(r) => r.id}
          rowTestId={(r) => `room-row-${r.id}`}
          columns={[
            { head: t("rooms.col.room"), cell: (r) => <Link to={`/admin/rooms/${r.id}`}>#{r.id}</Link> },
            {
              head: t("rooms.col.game"),
              cell: (r) => <Link to={`/admin/rooms/${r.id}`}>{gameTitle(t, r.titleKey, r.title)}</Link>,
            },
            { head: t("rooms.col.currency"), cell: (r) => CURRENCY_TABS[r.roomtype - 1] ?? "—" },
            { head: t("rooms.col.kind"), cell: (r) => t(`game:kinds.${r.kind}`, { defaultValue: r.kind }) },
            {
              head: t("rooms.col.betting"),
              cell: (r) => (r.trading ? t("rooms.trading") : <span className="danger-text">{t("rooms.stopped")}</span>),
            },
          ]}
        />
      ) : null}
      <Pager page={page} hasMore={hasMore} />
    </main>
  );
}
