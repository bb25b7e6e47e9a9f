import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import { ActionError } from "~/components/admin/ActionError";
import { RoomFields, roomBody } from "~/components/admin/RoomFields";
import { RoundsTable } from "~/components/admin/RoundsTable";
import { Pager } from "~/components/wallet/Pager";
import { readForm } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, callAdmin, loadAdmin } from "~/lib/operator.server";
import { askToConfirm, consoleMoney, isConfirmed } from "~/lib/console-confirm.server";
import { redirectWithToast } from "~/lib/flash.server";
import { noteText, VOID_PRESETS } from "~/lib/request-notes";
import { roomFieldErrors, roomRefusal } from "~/lib/room-answer.server";
import { fieldsRefused } from "~/lib/console-fields.server";
import { roomForm } from "#shared/forms/rooms";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { roomName, type Translate } from "~/lib/game-labels";
import type { RoomSettings, RoundRow } from "#shared/answers/console-rooms";

export const handle = {
  title: (room: RoomSettings | undefined, t: Translate) => (room ? roomName(t, room) : undefined),
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  const [room, rounds] = await Promise.all([
    loadAdmin(request, context, "/api/admin/rooms/get", { id: params.id }),
    loadAdmin(request, context, "/api/admin/rounds", { roomId: params.id, page }),
  ]);
  return { ...room, rounds };
}

/**
 * Saves the settings (odds above the confirm level confirmed first), or voids the round in play after
 * a confirm step naming the round and what comes back (the room refunds its stakes; a reason is required).
 */
export async function action({ request, context, params }: ActionFunctionArgs): Promise<Answered<ConsoleAnswer>> {
  const form = await readForm(request);
  const t = await i18nServer.getFixedT(request, ["admin", "game"]);
  if (form.get("intent") === "void") {
    const preset = (VOID_PRESETS as readonly string[]).includes(String(form.get("preset")))
      ? String(form.get("preset"))
      : "";
    const words = String(form.get("reason") ?? "").trim();
    const reason = [preset ? `#${preset}` : "", String(form.get("reason") ?? "").trim()].filter(Boolean).join(" ");
    const body = { roundId: String(form.get("roundId") ?? ""), reason };
    if (!isConfirmed(form)) {
      if (reason.length < 3) return data({ error: t("errors:1151"), oddsError: null, confirm: null }, { status: 400 });
      const [room, rounds, money] = await Promise.all([
        loadAdmin(request, context, "/api/admin/rooms/get", { id: params.id }),
        loadAdmin(request, context, "/api/admin/rounds", { roomId: params.id, page: 1 }),
        consoleMoney(context),
      ]);
      const round = rounds.list.find((r) => String(r.id) === body.roundId);
      const values = {
        room: roomName(t, room),
        seqno: round?.seqno ?? body.roundId,
        bets: round?.bets ?? 0,
        turnover: money(round?.inPlay ?? 0),
        // players read the preset alone (docs/decisions/127); the operator's words stay in the console
        reads: preset ? t(`common:presets.${preset}`) : "",
      };
      const message = [t(preset ? "confirm.void" : "confirm.voidNoPreset", values)];
      if (words) message.push(t("confirm.consoleNote", { note: noteText(t, reason) }));
      return askToConfirm(form, { message: message.join(" "), button: t("rounds.void") });
    }
    return adminAction(request, context, "/api/admin/rounds/void", body, t("rounds.voided"));
  }
  const problems = await roomFieldErrors(request, context, t, roomForm, { id: params.id, ...roomBody(form) });
  if (problems) return fieldsRefused(problems, { oddsError: null, confirm: null, typedRoom: roomBody(form) });
  const answer = await callAdmin(request, context, "/api/admin/rooms/update", { id: params.id, ...roomBody(form) });
  if (answer.code !== 1) return roomRefusal(answer, form, t("room.save"), roomBody(form));
  return redirectWithToast(context, new URL(request.url).pathname, t("room.saved"));
}

function VoidRoundForm({ round }: { round: RoundRow }) {
  const { t } = useTranslation("admin");
  // after the confirm step's Cancel, the reason typed comes back
  const typed = useActionData<typeof action>()?.typed;
  const mine = typed?.intent === "void" && typed.roundId === String(round.id);
  return (
    <section className="admin-section admin-card" aria-labelledby="void-title">
      <h2 id="void-title">{t("rounds.voidTitle", { seqno: round.seqno })}</h2>
      <p className="muted">{t("rounds.voidHint")}</p>
      <Form method="post" className="decision">
        <input type="hidden" name="intent" value="void" />
        <input type="hidden" name="roundId" value={round.id} />
        <div className="reject">
          <select
            key={mine ? typed.preset : ""}
            name="preset"
            aria-label={t("rounds.voidPreset")}
            defaultValue={mine ? typed.preset : ""}
          >
            <option value="">{t("approvals.presetNone")}</option>
            {VOID_PRESETS.map((key) => (
              <option key={key} value={key}>
                {t(`common:presets.${key}`)}
              </option>
            ))}
          </select>
          <input
            name="reason"
            defaultValue={mine ? typed.reason : undefined}
            aria-label={t("rounds.voidReason")}
            placeholder={t("rounds.voidReason")}
            maxLength={180}
          />
          <button className="button small secondary" type="submit">
            {t("rounds.void")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** How many rounds of the room were voided, and why (each reason's count). */
function VoidCount({ voids }: { voids: Record<string, number> }) {
  const { t } = useTranslation(["admin", "game"]);
  const total = Object.values(voids).reduce((a, b) => a + b, 0);
  if (total === 0) return <p className="muted">{t("rounds.voidCountNone")}</p>;
  // the kinds joined the way the language lists things (、 in Chinese), inside the language's own brackets
  const kinds = Object.entries(voids)
    .map(([reason, n]) => `${t(`rounds.voidKind.${reason}`)} ${n}`)
    .join(t("rounds.voidKindsJoin"));
  return <p className="muted void-count">{t("rounds.voidCount", { count: total, kinds })}</p>;
}

export default function RoomSettingsPage() {
  const room = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const refused = useActionData<typeof action>();
  const inPlay = room.rounds.page === 1 ? room.rounds.list.find((r) => r.status === "open") : undefined;
  return (
    <main className="admin-main">
      <h1>{roomName(t, room)}</h1>
      <ActionError />
      <ConfirmPanel />
      <p className="muted">{t("room.nextRound")}</p>
      <Form method="post" className="form" key={JSON.stringify(room.options) + room.title}>
        <RoomFields room={room} oddsError={refused?.oddsError} />
        <button className="button" type="submit">
          {t("room.save")}
        </button>
      </Form>
      {inPlay ? <VoidRoundForm round={inPlay} /> : null}
      <section className="admin-section">
        <h2>{t("rounds.title")}</h2>
        <VoidCount voids={room.rounds.voids} />
        <RoundsTable rounds={room.rounds.list} />
        <Pager page={room.rounds.page} hasMore={room.rounds.hasMore} />
      </section>
    </main>
  );
}
