import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { roomFieldErrors, roomRefusal } from "~/lib/room-answer.server";
import { fieldsRefused } from "~/lib/console-fields.server";
import { newRoomForm } from "#shared/forms/rooms";
import { RoomFields, roomBody } from "~/components/admin/RoomFields";
import { redirectWithToast } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { callAdmin, loadAdmin } from "~/lib/operator.server";

export const handle = { title: "admin:rooms.create" };

const TABS = [1, 2, 3];

/** Pick a game (GET ?game=), then the room's settings start from that game's default odds. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const gameId = url.searchParams.get("game");
  const options = url.searchParams.get("options") ?? undefined;
  const [games, template] = await Promise.all([
    loadAdmin(request, context, "/api/admin/games"),
    gameId
      ? loadAdmin(request, context, "/api/admin/rooms/template", {
          gameId,
          optionCount: options,
        })
      : null,
  ]);
  return { games: games.list, template };
}

export async function action({ request, context }: ActionFunctionArgs): Promise<Answered<ConsoleAnswer>> {
  const form = await readForm(request);
  const body = {
    gameId: String(form.get("gameId") ?? ""),
    roomtype: String(form.get("roomtype") ?? ""),
    ...roomBody(form),
  };
  const t = await i18nServer.getFixedT(request, "admin");
  const problems = await roomFieldErrors(request, context, t, newRoomForm, body);
  const typedRoom = { ...roomBody(form), roomtype: String(form.get("roomtype") ?? "") };
  if (problems) return fieldsRefused(problems, { oddsError: null, confirm: null, typedRoom });
  const answer = await callAdmin(request, context, "/api/admin/rooms/create", body);
  if (answer.code !== 1) return roomRefusal(answer, form, t("rooms.createSubmit"), typedRoom);
  return redirectWithToast(context, `/admin/rooms/${answer.data.id}`, t("rooms.created"));
}

export default function NewRoom() {
  const { games, template } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "game"]);
  const refused = useActionData<typeof action>();
  return (
    <main className="admin-main">
      <h1>{t("rooms.create")}</h1>
      <ActionError />
      <ConfirmPanel />
      <Form method="get" className="admin-search">
        <select name="game" defaultValue={template?.gameId ?? ""} aria-label={t("rooms.game")} required>
          <option value="" disabled>
            {t("rooms.chooseGame")}
          </option>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
        {template && template.gameType !== 4 ? (
          <select name="options" defaultValue={String(template.options.length)} aria-label={t("rooms.optionCount")}>
            <option value="11">{t("rooms.fullOptions")}</option>
            <option value="4">{t("rooms.fourOptions")}</option>
          </select>
        ) : null}
        <button className="button small secondary" type="submit">
          {t("rooms.useGame")}
        </button>
      </Form>
      {template ? (
        <Form method="post" className="form" key={`${template.gameId}:${template.options.length}`}>
          <input type="hidden" name="gameId" value={template.gameId} />
          <label className="field">
            <span className="field-label">{t("rooms.tab")}</span>
            <select name="roomtype" defaultValue={refused?.typedRoom?.roomtype || "1"}>
              {TABS.map((tab) => (
                <option key={tab} value={tab}>
                  {t(`rooms.tabs.${tab}`)}
                </option>
              ))}
            </select>
          </label>
          <RoomFields room={template} oddsError={refused?.oddsError} />
          <p className="muted">{t("rooms.createHint")}</p>
          <button className="button" type="submit">
            {t("rooms.createSubmit")}
          </button>
        </Form>
      ) : (
        <p className="muted">{t("rooms.chooseGameHint")}</p>
      )}
    </main>
  );
}
