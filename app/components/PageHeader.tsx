import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function PageHeader({ title, back = "/user", close }: { title: string; back?: string | null; close?: string }) {
  const { t } = useTranslation();
  return (
    <header className="page-header">
      {back ? (
        <Link to={back} className="header-action" aria-label={t("back")}>
          ‹
        </Link>
      ) : (
        <span className="header-action" />
      )}
      <h1>{title}</h1>
      {close ? (
        <Link to={close} className="header-action" aria-label={t("close")}>
          ×
        </Link>
      ) : (
        <span className="header-action" />
      )}
    </header>
  );
}
