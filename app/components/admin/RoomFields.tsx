import { useTranslation } from "react-i18next";
import { optionLabel, type Translate } from "~/lib/game-labels";

export type RoomSettings = {
  id: number;
  title: string;
  gameType: number;
  roomtype: number;
  kind: string;
  minjoin: number;
  minbuy: number;
  minLevel: number;
  roundSeconds: number | null;
  closeSeconds: number | null;
  trading: boolean;
  options: { index: number; key: string; odds: number; rtp: number }[];
};

const KINDS = ["standard", "vip", "superior", "premier"];

/** The form body both the edit and the create screens post (worker/operators/rooms.ts roomForm). */
export function roomBody(form: FormData) {
  const field = (name: string) => String(form.get(name) ?? "");
  return {
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
}

function NumberField({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input name={name} inputMode="decimal" defaultValue={value ?? ""} />
    </label>
  );
}

/** A room's settings and each option's odds with the RTP they give (from the rules, on the server). */
export function RoomFields({ room }: { room: RoomSettings }) {
  const { t } = useTranslation(["admin", "game"]);
  return (
    <>
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
    </>
  );
}
