// Every screen of the app, by who opens it, as the crawl (tests/e2e/crawl.e2e.mjs) visits it: a route file of
// app/routes that is neither here nor in SKIPPED fails the crawl, so a new screen is crawled from its first day.
import { readdirSync, readFileSync } from "node:fs";

/**
 * Routes that are not screens: they answer data, a file or a redirect and render nothing, so there is no text
 * to read (the crawl checks that each of them has no page component).
 */
export const SKIPPED = {
  "/activity/:id/live": "the room page's polling feed (JSON)",
  "/activity/:id/record": "the room page's records feed (JSON)",
  "/notice-count": "the messages badge's count (JSON)",
  "/admin/books/csv": "the books per day as a CSV download",
  "/admin/exports/csv": "an export as a CSV download",
  "/logout": "signs the player out and redirects",
  "/admin/logout": "signs the operator out and redirects",
};

/** The URL pattern of a flat-routes file name (app/routes.ts): "admin_.enrol" is /admin/enrol, "($back)" optional. */
function routePattern(file) {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((s) => s !== "_index" && !/^_[^.]/.test(s))
    .map((s) =>
      s
        .replace(/_$/, "")
        .replace(/^\(\$(\w+)\)$/, ":$1?")
        .replace(/^\$(\w+)$/, ":$1"),
    );
  return `/${segments.join("/")}`.replace(/\/$/, "") || "/";
}

/**
 * Every route of app/routes, with whether its file renders a page: a file, or a folder whose route.tsx is the
 * route (the folder's other files are its parts).
 */
export function appRoutes(dir = "app/routes") {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory()) return [{ file: `${entry.name}/route.tsx`, name: entry.name }];
      return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")
        ? [{ file: entry.name, name: entry.name }]
        : [];
    })
    .map(({ file, name }) => ({
      file,
      pattern: routePattern(name),
      page: /^export default /m.test(readFileSync(`${dir}/${file}`, "utf8")),
    }));
}

/**
 * The screens, each pattern with the URLs that open it: `player` is the player with money rows of every kind,
 * `marked` the timed-out player with a marker of harm. Who: guest (signed out), player, restricted (the
 * timed-out player) or console (an admin).
 */
export function screens({ player, marked }) {
  const guest = (pattern, urls = [pattern]) => ({ pattern, who: "guest", urls });
  const play = (pattern, urls = [pattern]) => ({ pattern, who: "player", urls });
  const desk = (pattern, urls = [pattern]) => ({ pattern, who: "console", urls });
  return [
    guest("/login"),
    guest("/register"),
    guest("/forgot-password"),
    guest("/admin/login"),
    guest("/admin/enrol"),
    // what a signed-out visitor reads before choosing to register
    guest("/"),
    guest("/languageSet"),
    guest("/help/list"),
    guest("/info/:id", ["/info/901"]),
    guest("/fairness"),
    play("/", ["/"]),
    play("/user"),
    play("/user/limits"),
    play("/user/statement", ["/user/statement", "/user/statement?type=all"]),
    play("/recharge/:back?", ["/recharge", "/recharge/user"]),
    play("/withdraw"),
    play("/banklist"),
    play("/bankadd", ["/bankadd", "/bankadd?type=USDT"]),
    play("/my_income"),
    play("/betlist", ["/betlist", "/betlist?type=won"]),
    play("/message", ["/message", "/message?tab=inbox"]),
    play("/my_password"),
    play("/userloginpassword"),
    play("/usercipherpassword"),
    play("/my_set"),
    play("/languageSet"),
    play("/finance"),
    play("/productorder"),
    play("/productrule"),
    play("/productdetail", ["/productdetail?id=1"]),
    play("/producttransferin", ["/producttransferin?id=1"]),
    play("/reality-check"),
    play("/room_list/:type", ["/room_list/1"]),
    play("/activity/:id", ["/activity/1", "/activity/16"]),
    play("/bjsc/:id", ["/bjsc/4"]),
    play("/rules/:roomId", ["/rules/1"]),
    play("/current/:id", ["/current/1"]),
    play("/fairness"),
    play("/lotteryprize"),
    play("/help/list"),
    play("/help/:id", ["/help/2601"]),
    play("/info/:id", ["/info/901"]),
    play("/ServicePage"),
    play("/my_update"),
    // what a timed-out player sees where they would play, pay in or lock funds
    ...[
      "/",
      "/user",
      "/recharge",
      "/withdraw",
      "/finance",
      "/producttransferin?id=1",
      "/activity/1",
      "/user/limits",
    ].map((url) => ({ pattern: null, who: "restricted", urls: [url] })),
    desk("/admin", ["/admin"]),
    desk("/admin/players", ["/admin/players", `/admin/players?q=${player.username}`]),
    desk("/admin/players/:id", [`/admin/players/${marked.id}`, `/admin/players/${player.id}`]),
    desk("/admin/risk"),
    desk("/admin/risk/:id", [`/admin/risk/${marked.id}`]),
    desk("/admin/rooms"),
    desk("/admin/rooms/:id", ["/admin/rooms/1", "/admin/rooms/16"]),
    desk("/admin/rooms/new"),
    desk("/admin/rounds", ["/admin/rounds", "/admin/rounds?status=void"]),
    desk("/admin/content"),
    desk("/admin/content/:id", ["/admin/content/901", "/admin/content/new"]),
    desk("/admin/banners"),
    desk("/admin/finance"),
    desk("/admin/settings"),
    desk("/admin/totals"),
    desk("/admin/insight"),
    desk("/admin/exports"),
    desk("/admin/books"),
    desk("/admin/history", [
      "/admin/history?status=all",
      "/admin/history?kind=withdrawals&status=all",
      "/admin/history?kind=adjustments&status=all",
    ]),
    desk("/admin/operators"),
    desk("/admin/audit"),
    desk("/admin/password"),
  ];
}

/**
 * The main screens axe-core audits as the crawl reads them, at the phone's width in the four languages
 * (tests/e2e/axe.mjs; docs/decisions/146), by audience: what a visitor meets first, the player's rooms, money and
 * account screens, and the console's screens an operator works in every day.
 */
export function axeScreens({ player, marked }) {
  return {
    guest: ["/", "/login", "/register", "/languageSet", "/help/list", "/info/901", "/fairness", "/admin/login"],
    player: [
      "/",
      "/activity/1",
      "/bjsc/4",
      "/room_list/1",
      "/rules/1",
      "/user",
      "/recharge",
      "/withdraw",
      "/betlist",
      "/my_income",
      "/banklist",
      "/finance",
      "/productorder",
      "/user/limits",
      "/user/statement",
      "/my_set",
      "/lotteryprize",
    ],
    restricted: [],
    console: [
      "/admin",
      "/admin/players",
      `/admin/players/${player.id}`,
      "/admin/risk",
      `/admin/risk/${marked.id}`,
      "/admin/insight",
      "/admin/exports",
      "/admin/books",
      "/admin/rooms",
      "/admin/rooms/1",
      "/admin/rooms/new",
      "/admin/content",
      "/admin/content/901",
      "/admin/banners",
      "/admin/finance",
      "/admin/settings",
      "/admin/totals",
      "/admin/operators",
      "/admin/audit",
    ],
  };
}
