import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { InsightCharts } from "~/components/insight/InsightCharts";
import { roomName } from "~/lib/game-labels";
import { adminAction, loadAdmin } from "~/lib/operator.server";
import { i18nServer } from "~/lib/i18n.server";
import insightStyles from "~/styles/insight.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: insightStyles }];

export const handle = { title: "admin:insight.title" };

/** The charts over 30 or 90 days, for one room or all (the form is a GET: the view has its own address). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const days = url.searchParams.get("days") === "90" ? 90 : 30;
  const roomId = /^\d+$/.test(url.searchParams.get("room") ?? "") ? url.searchParams.get("room") : "";
  return loadAdmin(request, context, "/api/admin/charts", { days, roomId });
}

/** "Check the books now" (the form sits in the books banner of every console screen). */
export async function action({ request, context }: ActionFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "admin");
  return adminAction(request, context, "/api/admin/books/check", {}, t("books.checked"));
}

export default function Insight() {
  const charts = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("insight.title")}</h1>
      <Form method="get" className="admin-search">
        <label>
          {t("insight.window")}{" "}
          <select name="days" defaultValue={String(charts.days)}>
            <option value="30">{t("insight.days", { days: 30 })}</option>
            <option value="90">{t("insight.days", { days: 90 })}</option>
          </select>
        </label>
        <label>
          {t("insight.room")}{" "}
          <select name="room" defaultValue={charts.roomId === null ? "" : String(charts.roomId)}>
            <option value="">{t("insight.allRooms")}</option>
            {charts.rooms.map((r) => (
              <option key={r.id} value={r.id}>
                #{r.id} {roomName(t, r)}
              </option>
            ))}
          </select>
        </label>
        <button className="button small" type="submit">
          {t("insight.show")}
        </button>
      </Form>
      <InsightCharts charts={charts} />
    </main>
  );
}
