import { useTranslation } from "react-i18next";
import { promptInstall, useInstallState } from "./pwa";

/** "Add to home screen": the browser's own prompt when it offers one, instructions otherwise. */
export function InstallCard() {
  const { t } = useTranslation("content");
  const state = useInstallState();
  return (
    <section className="content-card install-card" aria-labelledby="install-title">
      <img src="/icons/icon-192.png" alt="" width={56} height={56} />
      <div className="install-text">
        <h2 id="install-title">{t("update.webApp")}</h2>
        <p>{t("update.webAppText")}</p>
        {state === "installed" ? (
          <p className="install-done">{t("update.installed")}</p>
        ) : state === "available" ? (
          <button type="button" className="button" onClick={() => void promptInstall()}>
            {t("update.install")}
          </button>
        ) : state === "ios" ? (
          <p className="install-hint">{t("update.iosHint")}</p>
        ) : (
          <>
            <p className="install-hint">{t("update.menuHint")}</p>
            <p className="install-hint">{t("update.iosHint")}</p>
          </>
        )}
      </div>
    </section>
  );
}
