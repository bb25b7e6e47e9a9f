import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { callApi, requireProfile } from "~/lib/api.server";
import { formatMoney, screenOfRoomType } from "~/lib/game";
import type { RoomSummary } from "#shared/answers/games";
import { ROOM_TABS } from "#shared/rooms";
import { gameTitle } from "~/lib/game-labels";
import { useAppConfig } from "~/lib/root-data";
import { vipLevelName } from "#shared/names";
import gameStyles from "~/styles/game.css?url";
import { EmptyState } from "~/components/EmptyState";

export const handle = { i18n: ["game"], title: "game:rooms.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tab = ROOM_TABS.find((t) => String(t.roomtype) === params.type);
  if (!tab) throw new Response("Not found", { status: 404 });
  const [profile, answer] = await Promise.all([
    requireProfile(request, context),
    callApi(request, context, "/api/Game/getRoomList", { roomtype: tab.roomtype }),
  ]);
  return {
    roomtype: tab.roomtype,
    balance: profile.money,
    level: profile.level,
    rooms: answer.code === 1 ? answer.data.list : [],
    failed: answer.code === 1 ? null : answer.info,
  };
}

type Lock = "trading" | "level" | "balance" | null;

// What the room will refuse at the door (the room checks again): shown so nobody taps into a refusal.
function lockOf(room: RoomSummary, balance: number, level: number): Lock {
  if (!room.trading) return "trading";
  if (level < room.minLevel) return "level";
  if (balance < room.minjoin) return "balance";
  return null;
}

export default function RoomList() {
  const { roomtype, balance, level, rooms, failed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const { currency } = useAppConfig();
  return (
    <main className="room-list-page">
      <PageHeader title={t("rooms.title")} back="/" />
      <nav className="tabs" aria-label={t("rooms.tabs")}>
        {ROOM_TABS.map((tab) => (
          <NavLink
            key={tab.roomtype}
            to={`/room_list/${tab.roomtype}`}
            className={({ isActive }) => (isActive ? "tab active" : "tab")}
            aria-current={tab.roomtype === roomtype ? "page" : undefined}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <p className="room-list-balance muted">
        {t("room.balance")}: <strong className="num">{formatMoney(balance)}</strong> {currency}
      </p>
      {/* the tabs name coins, but every amount in these rooms is in the site's currency */}
      <p className="hint page-gap" data-testid="tab-currency">
        {t("rooms.tabCurrency", { tab: ROOM_TABS.find((tab) => tab.roomtype === roomtype)?.label, currency })}
      </p>
      {failed ? <p className="form-error page-gap">{failed}</p> : null}
      {!failed && rooms.length === 0 ? <EmptyState text={t("rooms.empty")} /> : null}
      <ul className="room-cards">
        {rooms.map((room) => {
          const lock = lockOf(room, balance, level);
          return (
            <li key={room.id}>
              <Link to={`/${screenOfRoomType(room.type)}/${room.id}`} className={`room-card${lock ? " locked" : ""}`}>
                <span className="room-card-title">
                  {gameTitle(t, room.titleKey, room.title)}
                  <span className={`kind-badge kind-${room.kind}`}>{t(`kinds.${room.kind}`)}</span>
                </span>
                <span className="room-card-type muted">{t(`gameTypes.${room.type}`)}</span>
                <span className="room-card-facts">
                  <span>
                    {t("rooms.minjoin")} <strong className="num">{formatMoney(room.minjoin)}</strong>
                    {` ${currency}`}
                  </span>
                  <span>
                    {t("rooms.minbuy")} <strong className="num">{formatMoney(room.minbuy)}</strong>
                    {` ${currency}`}
                  </span>
                  {/* a requirement is said once: as the lock when it stops this player, else as a fact */}
                  {room.minLevel > 1 && lock !== "level" ? (
                    <span>{t("rooms.minLevel", { level: vipLevelName(t, room.minLevel) })}</span>
                  ) : null}
                </span>
                {lock ? (
                  <span className="room-card-lock">
                    {t(`rooms.lock.${lock}`, {
                      num: formatMoney(room.minjoin),
                      level: vipLevelName(t, room.minLevel),
                    })}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
