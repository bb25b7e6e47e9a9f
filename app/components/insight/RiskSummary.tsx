import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MarkerWhy } from "./MarkerWhy";
import type { Marker } from "#shared/answers/console-insight";

/** The player's markers of harm on their file, with the way to the full risk file and its interactions. */
export function RiskSummary({ userId, markers }: { userId: number; markers: Marker[] }) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-section" aria-labelledby="player-risk">
      <h2 id="player-risk">{t("risk.markers")}</h2>
      {markers.length === 0 ? (
        <p className="muted">{t("risk.noMarkers")}</p>
      ) : (
        markers.map((m) => <MarkerWhy key={m.key} marker={m} />)
      )}
      <Link to={`/admin/risk/${userId}`}>{t("risk.openFile")}</Link>
    </section>
  );
}
