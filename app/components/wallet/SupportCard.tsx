import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { webUrl } from "~/lib/web-url";
import { Icon } from "../content/Icon";

/** When the operator takes deposits through support (2056): the support link instead of the form. */
export function SupportCard({ url, message }: { url: string; message: string }) {
  const { t } = useTranslation("wallet");
  // The link is an operator setting: only a web address leaves the app, anything else uses our page.
  const external = webUrl(url);
  return (
    <section className="wallet-card support-card" data-testid="support-card">
      <div className="guest-icon" aria-hidden="true">
        <Icon name="headset" size={28} />
      </div>
      <p>{message}</p>
      {external ? (
        <a className="button" href={external} target="_blank" rel="noopener noreferrer">
          {t("recharge.contactButton")}
        </a>
      ) : (
        <Link className="button" to="/ServicePage">
          {t("recharge.contactButton")}
        </Link>
      )}
    </section>
  );
}
