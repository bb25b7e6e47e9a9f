import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { optionLabel, type Translate } from "~/lib/game-labels";
import { typedRtp } from "~/lib/room-rtp";
import { ROOM_KINDS, ROOM_LOCATION_HINTS } from "#shared/rooms";
import { FieldError, invalidProps, useFieldError } from "./FieldError";
import { TableScroll } from "./TableScroll";
import type { RoomSettings } from "#shared/answers/console-rooms";
import { useConsoleAnswer } from "~/lib/console-answer";
import type { RoomBody } from "~/lib/answers/console";

/**
 * What a refused save posted (the routes answer it as `typedRoom`): the form comes back with it, since
 * without JavaScript the refused page is new and would otherwise show the stored room again.
 */
const useTypedBack = () => useConsoleAnswer()?.typedRoom;

/** The form body both the edit and the create screens post (shared/forms/rooms.ts roomForm). */
export function roomBody(form: FormData): RoomBody {
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
    locationHint: field("locationHint"),
    rates: form.getAll("rate").map(String),
    rtp_confirmed: form.get("confirmed") === "yes" ? "1" : "0",
  };
}

function NumberField({ name, label, value }: { name: keyof RoomBody; label: string; value: number | null }) {
  const error = useFieldError()(name);
  const back = useTypedBack();
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        name={name}
        inputMode="decimal"
        defaultValue={back ? String(back[name]) : (value ?? "")}
        {...invalidProps(error, name)}
      />
      <FieldError message={error} name={name} />
    </label>
  );
}

/**
 * A room's settings and each option's odds with the RTP they give, recomputed as the operator types
 * (from each option's chances, which the server computed from the rules); above 100 % the row is
 * marked, and the server refuses it (1177), the refusal shown under the table.
 */
export function RoomFields({ room, oddsError }: { room: RoomSettings; oddsError?: string | null }) {
  const { t } = useTranslation(["admin", "game"]);
  const back = useTypedBack();
  const [typed, setTyped] = useState(() =>
    back?.rates.length === room.options.length ? back.rates : room.options.map((o) => o.odds.toFixed(3)),
  );
  const error = useFieldError();
  // Odds typed before the page became interactive stay, and the RTP beside them follows them: the state
  // takes each field's value once at hydration, before its first render could reset it (use-hydrated.ts).
  const oddsId = useId();
  useEffect(() => {
    const fields = document.querySelectorAll<HTMLInputElement>(`[data-odds="${CSS.escape(oddsId)}"]`);
    const values = [...fields].map((field) => field.value);
    if (values.length === room.options.length) setTyped((all) => (values.some((v, i) => v !== all[i]) ? values : all));
    // once, right after hydration: later renders own the values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <label className="field">
        <span className="field-label">{t("room.title")}</span>
        <input
          name="title"
          defaultValue={back?.title ?? room.title}
          required
          maxLength={80}
          {...invalidProps(error("title"), "title")}
        />
        <FieldError message={error("title")} name="title" />
      </label>
      <label className="field">
        <span className="field-label">{t("room.kind")}</span>
        <select name="kind" defaultValue={back?.kind ?? room.kind}>
          {ROOM_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`game:kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <NumberField name="minjoin" label={t("room.minjoin")} value={room.minjoin} />
      <NumberField name="minbuy" label={t("room.minbuy")} value={room.minbuy} />
      <NumberField name="minLevel" label={t("room.minLevel")} value={room.minLevel} />
      <NumberField name="roundSeconds" label={t("room.roundSeconds")} value={room.roundSeconds} />
      <NumberField name="closeSeconds" label={t("room.closeSeconds")} value={room.closeSeconds} />
      <label className="field">
        <span className="field-label">{t("room.locationHint")}</span>
        <select
          name="locationHint"
          defaultValue={back?.locationHint ?? room.locationHint ?? ""}
          aria-describedby="location-hint-help"
        >
          <option value="">{t("room.locationHints.none")}</option>
          {ROOM_LOCATION_HINTS.map((hint) => (
            <option key={hint} value={hint}>
              {t(`room.locationHints.${hint}`)}
            </option>
          ))}
        </select>
        <span id="location-hint-help" className="field-hint">
          {t("room.locationHintHelp")}
        </span>
      </label>
      <label className="check">
        <input type="checkbox" name="trading" defaultChecked={back ? back.trading === "1" : room.trading} />{" "}
        {t("room.tradingOn")}
      </label>
      <TableScroll label={t("room.odds")}>
        <table className="admin-table cards odds-table" aria-describedby={oddsError ? "odds-error" : undefined}>
          <thead>
            <tr>
              <th scope="col">{t("room.option")}</th>
              <th scope="col">{t("room.odds")}</th>
              <th scope="col">{t("room.rtp")}</th>
            </tr>
          </thead>
          <tbody>
            {room.options.map((o, i) => {
              const label = optionLabel(t as Translate, o.key, room.gameType);
              const rtp = typedRtp(o, typed[i] ?? "");
              const losing = rtp !== null && rtp > 1;
              const wrong = error(`rate.${i}`);
              return (
                <tr key={o.index} className={losing ? "losing" : undefined}>
                  <th scope="row">{label}</th>
                  <td data-label={t("room.odds")}>
                    <div className="cell">
                      <input
                        name="rate"
                        aria-label={`${t("room.odds")} ${label}`}
                        aria-invalid={losing || wrong ? true : undefined}
                        aria-describedby={invalidProps(wrong, `rate.${i}`)["aria-describedby"]}
                        inputMode="decimal"
                        data-odds={oddsId}
                        value={typed[i]}
                        onChange={(e) => setTyped((all) => all.map((v, j) => (j === i ? e.target.value : v)))}
                        size={8}
                      />
                      <FieldError message={wrong} name={`rate.${i}`} />
                    </div>
                  </td>
                  <td data-label={t("room.rtp")} data-testid={`rtp-${o.index}`}>
                    <div className="cell">{rtp === null ? "—" : `${(rtp * 100).toFixed(2)} %`}</div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {oddsError ? (
        <p className="form-error" id="odds-error" role="alert">
          {oddsError}
        </p>
      ) : null}
    </>
  );
}
