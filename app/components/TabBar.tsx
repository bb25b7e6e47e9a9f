import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { webUrl } from "~/lib/web-url";
import { useAppConfig } from "~/lib/root-data";
import { Icon } from "./content/Icon";
import { UnreadBadge } from "./notices/UnreadBadge";

/**
 * Home, Recharge, Service (the configured support link, leaving the app), My (docs/product.md#screens);
 * My carries the count of unread notices (docs/decisions/142).
 */
export function TabBar({ unread = 0 }: { unread?: number }) {
  const { t } = useTranslation();
  // An operator setting: only an http(s) address leaves the app; anything else opens our support page.
  const support = webUrl(useAppConfig().kefu_url);
  return (
    <nav className="tabbar" aria-label={t("tabs.label")}>
      <NavLink to="/" end>
        <Icon name="home" size={22} />
        {t("tabs.home")}
      </NavLink>
      <NavLink to="/recharge">
        <Icon name="topUp" size={22} />
        {t("tabs.recharge")}
      </NavLink>
      <a href={support ?? "/ServicePage"} target={support ? "_blank" : undefined} rel="noopener noreferrer">
        <Icon name="headset" size={22} />
        {t("tabs.service")}
      </a>
      <NavLink to="/user">
        <Icon name="person" size={22} />
        {t("tabs.my")}
        <UnreadBadge count={unread} testId="tab-unread" className="tab-badge" />
      </NavLink>
    </nav>
  );
}
