import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { RoomFields, roomBody, type RoomSettings } from "~/components/admin/RoomFields";
import { RoundsTable, type RoundRow } from "~/components/admin/RoundsTable";
import { Pager } from "~/components/wallet/Pager";
import { readForm } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, loadAdmin } from "~/lib/operator.server";

export const handle = { title: (room: RoomSettings | undefined) => room?.title };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  const [room, rounds] = await Promise.all([
    loadAdmin<RoomSettings>(request, context, "/api/admin/rooms/get", { id: params.id }),
    loadAdmin<{ list: RoundRow[]; page: number; hasMore: boolean; voids: Record<string, number> }>(request, context, "/api/admin/rounds", { roomId: params.id, page }),
  ]);
  return { ...room, rounds };
}

/** Saves the settings, or voids the round in play (the room refunds its stakes; a reason is required). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const t = await i18nServer.getFixedT(request, "admin");
  if (form.get("intent") === "void") {
    const body = { roundId: String(form.get("roundId") ?? ""), reason: String(form.get("reason") ?? "") };
    return adminAction(request, context, "/api/admin/rounds/void", body, t("rounds.voided"));
  }
  return adminAction(request, context, "/api/admin/rooms/update", { id: params.id, ...roomBody(form) }, t("room.saved"));
}

function VoidRoundForm({ round }: { round: RoundRow }) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-section admin-card" aria-labelledby="void-title">
      <h2 id="void-title">{t("rounds.voidTitle", { seqno: round.seqno })}</h2>
      <p className="muted">{t("rounds.voidHint")}</p>
      <Form method="post" className="decision">
        <input type="hidden" name="intent" value="void" />
        <input type="hidden" name="roundId" value={round.id} />
        <div className="reject">
          <input name="reason" aria-label={t("rounds.voidReason")} placeholder={t("rounds.voidReason")} required minLength={3} maxLength={200} />
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
  return (
    <p className="muted void-count">
      {t("rounds.voidCount", { count: total })} ({Object.entries(voids).map(([reason, n]) => `${t(`rounds.voidKind.${reason}`)} ${n}`).join(", ")})
    </p>
  );
}

export default function RoomSettingsPage() {
  const room = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const inPlay = room.rounds.page === 1 ? room.rounds.list.find((r) => r.status === "open") : undefined;
  return (
    <main className="admin-main">
      <h1>{room.title}</h1>
      <ActionError />
      <p className="muted">{t("room.nextRound")}</p>
      <Form method="post" className="form" key={JSON.stringify(room.options) + room.title}>
        <RoomFields room={room} />
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
