import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { loadAdmin } from "~/lib/operator.server";
import type { ConsoleLayout } from "~/lib/answers/console-layout";
import adminStyles from "~/styles/admin.css?url";
import insightStyles from "~/styles/insight.css?url";
import { BooksStatus } from "~/components/insight/BooksStatus";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: insightStyles },
];

export const handle = { title: "admin:title" };

/** Every console page sits in here: no operator session, no page (404, docs/product.md#operators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [me, books] = await Promise.all([
    loadAdmin(request, context, "/api/admin/me"),
    // the live books check, shown to every operator on every screen (docs/decisions/136)
    loadAdmin(request, context, "/api/admin/books"),
  ]);
  return { ...me, books } satisfies ConsoleLayout;
}

/**
 * Who is signed in, in the operator's words: on a phone the words before the name give way (they end in "…"),
 * never the name itself, in whichever language they are longest.
 */
function SignedIn({ name }: { name: string }) {
  const { t } = useTranslation("admin");
  const [before, after = ""] = t("signedInAs", { name: "\u0000" }).split("\u0000");
  return (
    <span className="muted admin-who" title={t("signedInAs", { name })}>
      {before.trim() ? <span className="admin-who-label">{before.trim()}</span> : null}
      <span className="admin-who-name">{name}</span>
      {after.trim() ? <span>{after.trim()}</span> : null}
    </span>
  );
}

export default function AdminLayout() {
  const me = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // on a phone the menu is one scrolling line: the current screen's entry is brought to its middle. The line alone
  // scrolls: scrollIntoView would scroll the page too, back up to the menu, under an operator who had already
  // scrolled down to tap a request while the page hydrated (the tap then lands on whatever moved there).
  useEffect(() => {
    const line = nav.current;
    const active = line?.querySelector("a.active");
    if (!line || !active) return;
    const [entry, strip] = [active.getBoundingClientRect(), line.getBoundingClientRect()];
    line.scrollLeft += entry.left + entry.width / 2 - (strip.left + strip.width / 2);
  }, [pathname]);
  return (
    <div className="admin">
      <header className="admin-header">
        <strong>{t("title")}</strong>
        <SignedIn
          name={me.role ? t("signedInRole", { name: me.username, role: t(`roles.${me.role}`) }) : me.username}
        />
        <Form method="post" action="/admin/logout">
          <button className="link-button" type="submit">
            {t("nav.signOut")}
          </button>
        </Form>
      </header>
      <BooksStatus books={me.books} />
      <nav className="admin-nav" ref={nav} aria-label={t("nav.label")}>
        <NavLink to="/admin" end>
          {t("nav.approvals")}
        </NavLink>
        <NavLink to="/admin/history">{t("nav.history")}</NavLink>
        <NavLink to="/admin/players">{t("nav.players")}</NavLink>
        <NavLink to="/admin/rooms">{t("nav.rooms")}</NavLink>
        <NavLink to="/admin/rounds">{t("nav.rounds")}</NavLink>
        <NavLink to="/admin/content">{t("nav.content")}</NavLink>
        <NavLink to="/admin/settings">{t("nav.settings")}</NavLink>
        <NavLink to="/admin/finance">{t("nav.finance")}</NavLink>
        <NavLink to="/admin/totals">{t("nav.totals")}</NavLink>
        <NavLink to="/admin/audit">{t("nav.audit")}</NavLink>
        <NavLink to="/admin/insight">{t("nav.insight")}</NavLink>
        <NavLink to="/admin/risk">{t("nav.risk")}</NavLink>
        <NavLink to="/admin/books">{t("nav.books")}</NavLink>
        <NavLink to="/admin/exports">{t("nav.exports")}</NavLink>
        {me.role === "admin" ? <NavLink to="/admin/operators">{t("nav.operators")}</NavLink> : null}
        <NavLink to="/admin/password">{t("nav.password")}</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
