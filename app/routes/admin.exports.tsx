import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadAdmin } from "~/lib/operator.server";
import { playerDate, PLAYER_ZONE } from "~/lib/player-time";
import { DateInput } from "~/components/DateInput";

export const handle = { title: "admin:exports.title" };

const KINDS = ["ledger", "deposits", "withdrawals", "adjustments", "audit"] as const;

/** The form only; the file comes from admin.exports.csv (a resource route that streams it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await loadAdmin(request, context, "/api/admin/me");
  const today = playerDate(Date.now());
  return { today };
}

export default function Exports() {
  const { today } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main className="admin-main">
      <h1>{t("exports.title")}</h1>
      <p className="muted">{t("exports.help", { zone: PLAYER_ZONE })}</p>
      {/* a plain document post: the answer is a file, not a page */}
      <form method="post" action="/admin/exports/csv" className="form">
        <label className="field">
          <span>{t("exports.kind")}</span>
          <select name="kind" defaultValue="ledger">
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`exports.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t("exports.from", { zone: PLAYER_ZONE })}</span>
          <DateInput name="from" defaultValue={today} required />
        </label>
        <label className="field">
          <span>{t("exports.to", { zone: PLAYER_ZONE })}</span>
          <DateInput name="to" defaultValue={today} required />
        </label>
        <button className="button small" type="submit">
          {t("exports.download")}
        </button>
      </form>
    </main>
  );
}
