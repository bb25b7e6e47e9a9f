// Lighthouse's accessibility category alone (a quick run: no performance trace, no page pictures) on the pages of a
// flow, in one Debian Chromium launched for them, with the request headers given (a session cookie, the language
// cookie).
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium.mjs";

/** Phone (Lighthouse's default) or desk: 1350 px wide. */
const DESK = {
  formFactor: "desktop",
  screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
};

/**
 * What each run clears for the page's origin before it loads the page: Lighthouse's default (caches, service workers)
 * and what the page itself stored, the cookies too, so each run starts as in a new browser (a cookie the console set
 * in one run would otherwise ride along the next run's own Cookie header, and the session read would not be ours).
 */
const CLEARED = [
  "file_systems",
  "shader_cache",
  "service_workers",
  "cache_storage",
  "cookies",
  "local_storage",
  "indexeddb",
];

/**
 * A Chromium for Lighthouse runs one after another: `score(url, { headers, desktop })` answers the score (0-100) and,
 * for each failing audit, its id and the first elements it names; `close()` ends the browser. The picture of the
 * whole page Lighthouse takes by default serves its report's element thumbnails only (no audit reads it): it is
 * not taken.
 */
export async function accessibilityAuditor() {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const score = async (url, { headers = {}, desktop = false } = {}) => {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["accessibility"],
      extraHeaders: headers,
    };
    const config = {
      extends: "lighthouse:default",
      settings: { disableFullPageScreenshot: true, clearStorageTypes: CLEARED, ...(desktop ? DESK : {}) },
    };
    const { lhr } = await lighthouse(url, flags, config);
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const failing = lhr.categories.accessibility.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map(
        (audit) =>
          `${audit.id}: ${(audit.details?.items ?? [])
            .slice(0, 3)
            .map((item) => item.node?.selector ?? "")
            .join(", ")}`,
      );
    return { score: Math.round(lhr.categories.accessibility.score * 100), failing };
  };
  return { score, close: () => chrome.kill() };
}
