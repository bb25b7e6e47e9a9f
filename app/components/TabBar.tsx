import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "~/root";

/** Home, Recharge, Service (the configured support link, leaving the app), My (SPEC.md 2). */
export function TabBar() {
  const { t } = useTranslation();
  const { kefu_url } = useAppConfig();
  return (
    <nav className="tabbar" aria-label="main">
      <NavLink to="/" end>
        <span aria-hidden="true">⌂</span>
        {t("tabs.home")}
      </NavLink>
      <NavLink to="/recharge">
        <span aria-hidden="true">＋</span>
        {t("tabs.recharge")}
      </NavLink>
      <a href={kefu_url || "/ServicePage"} target={kefu_url ? "_blank" : undefined} rel="noopener noreferrer">
        <span aria-hidden="true">☏</span>
        {t("tabs.service")}
      </a>
      <NavLink to="/user">
        <span aria-hidden="true">☺</span>
        {t("tabs.my")}
      </NavLink>
    </nav>
  );
}
