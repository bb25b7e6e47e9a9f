// Every screen, player and console, at a phone's width and a desk's, in the four languages, after data of every
// kind was made through the product (tests/e2e/every-kind.mjs): none may be an error page, answer a 5xx, crash
// in the browser or show a translation key instead of words. Each screen is also read inside the page, in the same
// evaluate as its words (tests/e2e/screen-checks.mjs): at the phone's width no tap target under 44 x 44 px; no
// number of 13 digits or more on a player's screen; no words cut with "…" on a player's screen; no count badge off its words'
// line; no date or time broken over two lines; every date written YYYY-MM-DD, and a date or time only on a screen that names the zone, a player's screen
// naming it once (scripts/lib/screen-dates.mjs). Those findings are printed one line each and fail the crawl. On the
// main screens (`axeScreens`) axe-core finds no serious or critical violation at the phone's width in any language
// (tests/e2e/axe.mjs, on the page as read: no second load). The screens come from tests/e2e/screens.mjs, which
// must cover every route file of app/routes. Pictures of the Vietnamese screens land in
// tests/e2e/screenshots/crawl-* outside CI (tests/e2e/shots.mjs).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dateFindings, zoneCount } from "../../scripts/lib/screen-dates.mjs";
import { longNumbers } from "../../scripts/lib/screen-numbers.mjs";
import { brokenValues, localeKeys, shownKeys } from "../../scripts/lib/shown-keys.mjs";
import { makeDataOfEveryKind } from "./every-kind.mjs";
import { reactHydrated } from "./hydrated.mjs";
import { MIN_TARGET, ZONE, readScreen } from "./screen-checks.mjs";
import { signInToConsole } from "./operator.mjs";
import { signInPlayer } from "./players.mjs";
import { keepShot } from "./shots.mjs";
import { SKIPPED, appRoutes, axeScreens, screens } from "./screens.mjs";
import { violations } from "./axe.mjs";

const LANGUAGES = ["en", "zh-CN", "zh-TW", "vi"];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
/** Browser console errors that are a crash: an uncaught error, React's own errors, a hydration that failed. */
const CRASH = /Uncaught|Error:|TypeError|RangeError|ReferenceError|Minified React error|hydrat/i;

/** The error page's title in every language. */
function errorTitles() {
  return LANGUAGES.flatMap((lng) => {
    const page = JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")).errorPage;
    return [page.title, page.notFound];
  });
}

/** Each route file is a crawled screen or a named non-screen; a skipped one must really render nothing. */
function assertEveryRouteCrawled(list) {
  const crawled = new Set(list.map((s) => s.pattern));
  const missing = [];
  for (const route of appRoutes()) {
    if (SKIPPED[route.pattern]) assert.equal(route.page, false, `${route.file} renders a page: crawl it`);
    else if (!crawled.has(route.pattern)) missing.push(`${route.file} (${route.pattern})`);
  }
  assert.deepEqual(missing, [], "route files the crawl does not open");
}

/**
 * The crawl's parts, each a test of its own that runs beside the others (tests/e2e/flows.spec.mjs) on data of
 * its own: the guest's screens then the restricted player's, the player's, the console's.
 */
export const parts = ["guest", "player", "console"];

/** How long a screen may take to hydrate: as long as the flows wait for a page (playwright.config.mjs). */
const HYDRATED_WITHIN_MS = 30_000;

export default async function ({ context, base, serverLog, smsCode, part }) {
  const { player, marked } = await makeDataOfEveryKind({ base, smsCode, serverLog });
  const list = screens({ player, marked });
  const audited = axeScreens({ player, marked });
  assertEveryRouteCrawled(list);
  const reads = (who) => !part || part === who || (part === "guest" && who === "restricted");

  const locale = localeKeys();
  const errors = errorTitles();
  const problems = [];
  const logFrom = serverLog().length;
  const started = Date.now();
  let visits = 0;
  let audits = 0;
  const slowest = [];
  const unhydrated = [];
  /** The screens' own failures (tap targets, numbers of 13 digits or more, dates without their zone), one line per finding. */
  const findings = new Map();
  const consoleZonedMoreThanOnce = new Set();
  const finding = (kind, where, lng, what, example = "") => {
    const key = `${kind}: ${where}: ${what}`;
    const seen = findings.get(key) ?? { example, langs: new Set() };
    findings.set(key, { ...seen, langs: seen.langs.add(lng) });
  };

  /** A browser of its own for one audience, its failures (5xx, crashes) told against the screen being read. */
  const audience = async (who) => {
    const own = await context.browser().newContext({ baseURL: base, locale: "en-US" });
    const page = await own.newPage();
    let at = who;
    page.on("pageerror", (e) => problems.push(`${at}: uncaught ${String(e).slice(0, 200)}`));
    page.on("console", (m) => {
      if (m.type() === "error" && CRASH.test(m.text())) problems.push(`${at}: console error ${m.text().slice(0, 200)}`);
    });
    page.on("response", (r) => {
      if (r.status() >= 500) problems.push(`${at}: HTTP ${r.status()} from ${new URL(r.url()).pathname}`);
    });
    /** Reads the screen as it stands: the status it was served with, its words, and (outside CI) its picture in Vietnamese. */
    const read = async (url, lng, size, status) => {
      if (status >= 400) problems.push(`${at}: HTTP ${status}`);
      const { text, small, cut, badges, accounts, times, brokenTimes } = await page.evaluate(readScreen, {
        minTarget: MIN_TARGET,
      });
      const where = `${who} ${url} ${size.width}`;
      // a finger taps the phone's width; the desk's mouse needs no 44 px
      if (size.width < 500)
        for (const target of small) finding("tap target under 44 px", where, lng, target.what, target.example);
      if (who !== "console") for (const words of cut) finding("words cut with …", where, lng, words);
      for (const badge of badges) finding("badge out of line", where, lng, badge);
      for (const time of brokenTimes) finding("date or time broken over lines", where, lng, time);
      if (who !== "console")
        for (const id of longNumbers(text, accounts)) finding("long number on a player screen", where, lng, id);
      for (const date of dateFindings({ text, times, zone: ZONE, once: who !== "console" }))
        finding(date.kind, where, lng, date.what);
      // a console table may name the zone in each row: told, not failed
      if (who === "console" && zoneCount(text, ZONE) > 1) consoleZonedMoreThanOnce.add(where);
      for (const title of errors) if (text.includes(title)) problems.push(`${at}: error page "${title}"`);
      for (const key of shownKeys(text, locale)) problems.push(`${at}: shows the key "${key}"`);
      for (const value of brokenValues(text)) problems.push(`${at}: shows the value "${value}"`);
      // the main screens' accessibility at the phone's width, on the page as read (tests/e2e/axe.mjs)
      if (size.width < 500 && audited[who].includes(url)) {
        audits++;
        for (const violation of await violations(page)) problems.push(`${at}: axe ${violation}`);
      }
      if (lng === "vi") {
        const name = `${who}${url.replace(/[^a-z0-9]+/gi, "-")}-${size.width}`.replace(/-+(?=-\d+$)/, "");
        await keepShot(page, `crawl-${name}`, { fullPage: false });
      }
    };
    /**
     * One screen in one language at both widths: opened (and hydrated) at the first, then the window resized to the
     * second and read again. The server's page does not depend on the width, so a second load would read the same
     * page; which width opens alternates by language, so every screen also hydrates at both widths.
     */
    const visit = async (url, lng, sizes) => {
      const [first, second] = sizes;
      at = `${who} ${url} ${lng} ${first.width}`;
      const from = Date.now();
      await page.setViewportSize(first);
      const response = await page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${lng}`);
      // read once React has hydrated it, so a crash while hydrating is told against this screen; a room never goes
      // idle on the network (its socket and polls), so idleness is no sign. The wait is a page's own (30 s): with
      // 5 s, one console screen that took longer on the two-core CI machine (2026-12-07) was left while its
      // entry script was still loading, and leaving it aborted the import ("Failed to fetch dynamically imported
      // module"). A screen that does not hydrate in 30 s is a failure, read as it is.
      await reactHydrated(page, { timeout: HYDRATED_WITHIN_MS }).catch(() => unhydrated.push(at));
      visits++;
      slowest.push([Date.now() - from, at]);
      const status = response?.status() ?? 0;
      await read(url, lng, first, status);
      at = `${who} ${url} ${lng} ${second.width}`;
      await page.setViewportSize(second);
      // the frame after the resize: whatever listens to the width has rendered
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      visits++;
      await read(url, lng, second, status);
    };
    return {
      page,
      crawl: async () => {
        for (const screen of list.filter((s) => s.who === who))
          for (const url of screen.urls)
            for (const [n, lng] of LANGUAGES.entries()) await visit(url, lng, n % 2 ? [...WIDTHS].reverse() : WIDTHS);
      },
      close: () => own.close(),
    };
  };

  // the part's audiences (all three without a part, at once: one browser, a page each); the guest then reads as
  // the restricted player
  await Promise.all([
    reads("guest") &&
      (async () => {
        const guest = await audience("guest");
        await guest.crawl();
        await guest.close();
        const restricted = await audience("restricted");
        await signInPlayer(restricted.page, marked.username, marked.password);
        await restricted.page.getByTestId("restricted").waitFor();
        await restricted.crawl();
        await restricted.close();
      })(),
    reads("player") &&
      (async () => {
        const reader = await audience("player");
        await signInPlayer(reader.page, player.username, player.password);
        await reader.crawl();
        await reader.close();
      })(),
    reads("console") &&
      (async () => {
        const desk = await audience("console");
        await signInToConsole(desk.page, serverLog);
        await desk.crawl();
        await desk.close();
      })(),
  ]);

  // the server's own account of the crawl: no uncaught error behind a page that looked fine
  const crashes = serverLog()
    .slice(logFrom)
    .split("\n")
    .filter((line) => /RangeError|TypeError|ReferenceError|SyntaxError|Uncaught|Unhandled/.test(line));
  problems.push(...crashes.map((line) => `server: ${line.slice(0, 300)}`));
  console.log(
    `    crawl${part ? ` (${part})` : ""}: ${visits} screens read (${audits} of them audited by axe) in ${((Date.now() - started) / 1000).toFixed(0)} s; slowest:`,
  );
  problems.push(...unhydrated.map((screen) => `${screen}: not hydrated within ${HYDRATED_WITHIN_MS / 1000} s`));
  for (const [ms, label] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`      ${ms} ms ${label}`);
  const found = [...findings]
    .map(([key, { example, langs }]) => `${key}${example ? ` ${example}` : ""} (${[...langs].join(", ")})`)
    .sort();
  console.log(
    `    console screens naming ${ZONE} more than once (told): ${[...consoleZonedMoreThanOnce].join(", ") || "none"}`,
  );
  console.log(`    screen findings: ${found.length ? `\n      ${found.join("\n      ")}` : "none"}`);
  assert.deepEqual([...problems, ...found], []);
}
