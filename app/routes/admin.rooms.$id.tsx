import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { RoundsTable, type RoundRow } from "~/components/admin/RoundsTable";
import { Pager } from "~/components/wallet/Pager";
import { optionLabel, type Translate } from "~/lib/game-labels";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, loadAdmin } from "~/lib/operator.server";

type Room = {
  id: number;
  title: string;
  gameType: number;
  kind: string;
  minjoin: number;
  minbuy: number;
  minLevel: number;
  roundSeconds: number | null;
  closeSeconds: number | null;
  trading: boolean;
  options: { index: number; key: string; odds: number; rtp: number }[];
};

export const handle = { title: (room: Room | undefined) => room?.title };


const KINDS = ["standard", "vip", "superior", "premier"];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  const [room, rounds] = await Promise.all([
    loadAdmin<Room>(request, context, "/api/admin/rooms/get", { id: params.id }),
    loadAdmin<{ list: RoundRow[]; page: number; hasMore: boolean }>(request, context, "/api/admin/rounds", { roomId: params.id, page }),
  ]);
  return { ...room, rounds };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const body = {
    id: params.id,
    title: field("title"),
    kind: field("kind"),
    minjoin: field("minjoin"),
    minbuy: field("minbuy"),
    minLevel: field("minLevel"),
    roundSeconds: field("roundSeconds"),
    closeSeconds: field("closeSeconds"),
    trading: form.get("trading") === "on" ? "1" : "0",
    rates: form.getAll("rate").map(String),
  };
  const t = await i18nServer.getFixedT(request, "admin");
  return adminAction(request, context, "/api/admin/rooms/update", body, t("room.saved"));
}

function NumberField({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input name={name} inputMode="decimal" defaultValue={value ?? ""} />
    </label>
  );
}

export default function RoomSettings() {
  const room = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "game"]);
  return (
    <main className="admin-main">
      <h1>{room.title}</h1>
      <ActionError />
      <p className="muted">{t("room.nextRound")}</p>
      <Form method="post" className="form" key={JSON.stringify(room.options) + room.title}>
        <label className="field">
          <span className="field-label">{t("room.title")}</span>
          <input name="title" defaultValue={room.title} required maxLength={80} />
        </label>
        <label className="field">
          <span className="field-label">{t("room.kind")}</span>
          <select name="kind" defaultValue={room.kind}>
            {KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <NumberField name="minjoin" label={t("room.minjoin")} value={room.minjoin} />
        <NumberField name="minbuy" label={t("room.minbuy")} value={room.minbuy} />
        <NumberField name="minLevel" label={t("room.minLevel")} value={room.minLevel} />
        <NumberField name="roundSeconds" label={t("room.roundSeconds")} value={room.roundSeconds} />
        <NumberField name="closeSeconds" label={t("room.closeSeconds")} value={room.closeSeconds} />
        <label className="check">
          <input type="checkbox" name="trading" defaultChecked={room.trading} /> {t("room.tradingOn")}
        </label>
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t("room.option")}</th>
              <th>{t("room.odds")}</th>
              <th>{t("room.rtp")}</th>
            </tr>
          </thead>
          <tbody>
            {room.options.map((o) => (
              <tr key={o.index}>
                <td>{optionLabel(t as Translate, o.key, room.gameType)}</td>
                <td>
                  <input name="rate" aria-label={`${t("room.odds")} ${optionLabel(t as Translate, o.key, room.gameType)}`} inputMode="decimal" defaultValue={o.odds.toFixed(3)} size={8} />
                </td>
                <td>{(o.rtp * 100).toFixed(2)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button className="button" type="submit">
          {t("room.save")}
        </button>
      </Form>
      <section className="admin-section">
        <h2>{t("rounds.title")}</h2>
        <RoundsTable rounds={room.rounds.list} />
        <Pager page={room.rounds.page} hasMore={room.rounds.hasMore} />
      </section>
    </main>
  );
}
