import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GroupName } from "./types";

/** Tabs as plain links (?tab=...), so they work without JavaScript and can be shared. */
export function GroupTabs({ tabs, current, path }: { tabs: GroupName[]; current: GroupName; path: string }) {
  const { t } = useTranslation("content");
  return (
    <nav className="content-tabs" aria-label={t("news.tabs")}>
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={`${path}?tab=${tab}`}
          replace
          className={tab === current ? "active" : undefined}
          aria-current={tab === current ? "page" : undefined}
        >
          {t(`groups.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

/** The tab named in the URL, or the first one. */
export function tabFromUrl<T extends GroupName>(request: Request, tabs: readonly T[]): T {
  const value = new URL(request.url).searchParams.get("tab");
  return (tabs as readonly string[]).includes(value ?? "") ? (value as T) : tabs[0];
}
