import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { TabBar } from "~/components/TabBar";
import { Toast } from "~/components/Toast";
import { i18nServer } from "~/lib/i18n.server";
import { readFlash } from "~/lib/flash.server";
import { documentTitle } from "~/lib/page-title";
import { getToken } from "~/lib/session.server";
import type { RealityCheck } from "#shared/answers/protection";
import { RealityCheckDialog } from "~/components/protection/RealityCheckDialog";
import { useNonce } from "~/lib/nonce";
import { useNoticeWatch } from "~/lib/use-notice-watch";
import { skipAfterRoomAnswer } from "~/lib/room-revalidation";
import { useRootData, type RootData } from "~/lib/root-data";
import stylesUrl from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesUrl },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const handle = { i18n: ["common", "errors"] };

// A bet or cancel in a room changes nothing the root shows (docs/decisions/100).
export const shouldRevalidate = skipAfterRoomAnswer;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [locale, config, flash, reality, unread] = await Promise.all([
    i18nServer.getLocale(request),
    context.callApi("/api/Index/getconfig", {}),
    readFlash(request, context),
    realityCheckOf(request, context),
    unreadNoticesOf(request, context),
  ]);
  const rootData: RootData = {
    locale,
    config: config.data,
    toast: flash.message,
    reality,
    unread,
    nowMs: Date.now(),
  };
  return data(rootData, { headers: flash.setCookie ? { "Set-Cookie": flash.setCookie } : {} });
}

/** A signed-in player's reality check (docs/product.md#player-protection); null for guests and ended sessions. */
async function realityCheckOf(request: Request, context: LoaderFunctionArgs["context"]): Promise<RealityCheck | null> {
  const token = await getToken(request, context);
  if (!token) return null;
  const answer = await context.callApi("/api/Game/getrealitycheck", { token });
  return answer.code === 1 ? answer.data : null;
}

/** A signed-in player's unread notices (docs/decisions/142); null for guests. */
async function unreadNoticesOf(request: Request, context: LoaderFunctionArgs["context"]): Promise<number | null> {
  const token = await getToken(request, context);
  if (!token) return null;
  const answer = await context.callApi("/api/Game/getnoticecount", { token });
  return answer.code === 1 ? answer.data.unread : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  // Without root data (a path no route matches), the language entry.server chose for the request: the
  // browser hydrates in the language <html lang> names, so both must be the same.
  const { i18n } = useTranslation();
  const locale = root?.locale ?? i18n.language ?? "en";
  const matches = useMatches();
  const nonce = useNonce();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f172a" />
        <title>{documentTitle(matches, i18n.t)}</title>
        <meta name="description" content={i18n.t("common:description")} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, toast, reality, unread, nowMs } = useRootData()!;
  useChangeLanguage(locale);
  useNoticeWatch(unread);
  const navigation = useNavigation();
  const matches = useMatches();
  const { t } = useTranslation();
  const showTabs = matches.some((m) => (m.handle as { tabBar?: boolean } | undefined)?.tabBar);
  return (
    <div className={`app${showTabs ? " with-tabs" : ""}`}>
      {navigation.state !== "idle" ? <div className="progress" role="progressbar" aria-label={t("loading")} /> : null}
      <Outlet />
      {showTabs ? <TabBar unread={unread ?? 0} /> : null}
      {toast ? <Toast message={toast} /> : null}
      {reality ? <RealityCheckDialog key={reality.dueAt} initial={reality} serverNowMs={nowMs} /> : null}
    </div>
  );
}

/**
 * A request that never reached the server (offline, connection dropped: fetch throws a TypeError) is
 * not an error of the page: the player is offered to try the same page again.
 */
function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  // the account's wallet shard is unavailable (app/lib/api.server.ts): the API's own words, and try again
  const busy =
    isRouteErrorResponse(error) && error.status === 503 && typeof error.data === "string" ? error.data : null;
  const offline = !notFound && !badRequest && busy === null && isNetworkFailure(error);
  if (!notFound && !badRequest && busy === null && !offline) console.error(error);
  if (busy !== null) {
    return (
      <main className="page error-page" data-testid="account-busy">
        <h1>{busy}</h1>
        <a className="button" href={location.pathname + location.search}>
          {t("errorPage.retry")}
        </a>
      </main>
    );
  }
  if (offline) {
    return (
      <main className="page error-page" data-testid="offline">
        <h1>{t("offline")}</h1>
        <p className="muted">{t("errorPage.offlineHint")}</p>
        {/* a full page load of the same address: the service worker answers its offline page while still offline */}
        <a className="button" href={location.pathname + location.search}>
          {t("errorPage.retry")}
        </a>
      </main>
    );
  }
  return (
    <main className="page error-page">
      <h1>{notFound ? t("errorPage.notFound") : badRequest ? t("errorPage.badRequest") : t("errorPage.title")}</h1>
      <Link className="button" to="/">
        {t("errorPage.home")}
      </Link>
    </main>
  );
}
