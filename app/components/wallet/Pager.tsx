import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withPage } from "~/lib/wallet";

/** Newer / older pages of a list (20 rows each); links keep the other filters of the URL. */
export function Pager({
  page,
  hasMore,
  next,
  prev,
}: {
  page: number;
  hasMore: boolean;
  next?: string | null;
  prev?: string | null;
}) {
  const { t } = useTranslation("wallet");
  const [search] = useSearchParams();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      {page > 1 ? (
        <Link to={withPage(search, page - 1, { before: prev })} preventScrollReset>
          ‹ {t("pager.newer")}
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">{t("pager.page", { page })}</span>
      {hasMore ? (
        <Link to={withPage(search, page + 1, { after: next })} preventScrollReset>
          {t("pager.older")} ›
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
