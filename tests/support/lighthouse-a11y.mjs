// Lighthouse's accessibility category alone (a quick run: no performance trace) on one page, in a fresh
// Debian Chromium, with the request headers given (a session cookie, the language cookie).
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM, CHROMIUM_FLAGS } from "./chromium.mjs";

/**
 * The score (0-100) and, for each failing audit, its id and the first elements it names. `desktop`
 * audits at 1350 px wide instead of Lighthouse's default phone.
 */
export async function accessibilityScore(url, { headers = {}, desktop = false } = {}) {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["accessibility"],
      extraHeaders: headers,
    };
    const config = desktop
      ? {
          extends: "lighthouse:default",
          settings: {
            formFactor: "desktop",
            screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
          },
        }
      : undefined;
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
  } finally {
    await chrome.kill();
  }
}
