// axe-core in the page: the crawl runs it on the main screens, player and console, in the four languages at a phone's
// width (tests/e2e/crawl.e2e.mjs, the screens of tests/e2e/screens.mjs `axeScreens`), and console-a11y on the console's
// main screens as Lighthouse scores them. axe is evaluated through the DevTools protocol, not a <script> tag, so the
// app's Content Security Policy stays as it is. Serious and critical violations count, and on the screens checked as
// Lighthouse scores them, any violation of a rule Lighthouse weighs (docs/decisions/146).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import lighthouseConfig from "lighthouse/core/config/default-config.js";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The four languages every screen is audited in. */
export const LANGUAGES = ["en", "zh-CN", "zh-TW", "vi"];

/**
 * The rules Lighthouse's accessibility score weighs, read from its own default config: each of its accessibility
 * audits is the axe-core rule of the same name (the same axe-core package), passed when the rule finds no violation,
 * so a page scores 100 exactly when none of these rules finds one.
 */
const LIGHTHOUSE_RULES = lighthouseConfig.categories.accessibility.auditRefs
  .filter((ref) => ref.weight > 0)
  .map((ref) => ref.id);

/**
 * The page as it stands: its serious or critical axe violations, one line each; with `asLighthouse`, also every
 * violation of a rule Lighthouse weighs, whatever its impact (what would take its accessibility score below 100).
 */
export async function violations(page, { asLighthouse = false } = {}) {
  await page.evaluate(axeSource);
  return page.evaluate(
    async ({ lighthouseRules }) => {
      const lines = (found) =>
        found.map(
          (v) =>
            `${v.id} (${v.impact}): ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(" "))
              .join(", ")}`,
        );
      const all = await window.axe.run(document, { resultTypes: ["violations"] });
      const serious = lines(all.violations.filter((v) => v.impact === "serious" || v.impact === "critical"));
      if (!lighthouseRules) return serious;
      const scored = await window.axe.run(document, {
        runOnly: { type: "rule", values: lighthouseRules },
        resultTypes: ["violations"],
      });
      return [...serious, ...lines(scored.violations).map((line) => `Lighthouse's ${line}`)];
    },
    { lighthouseRules: asLighthouse ? LIGHTHOUSE_RULES : null },
  );
}

/** Opens `path` (which must answer 200 in `lng`) and lists its violations (`violations`), each with where. */
export async function audit(page, path, lng, options = {}) {
  const response = await page.goto(path, { waitUntil: "load" });
  assert.equal(response?.status(), 200, `${path} answers`);
  assert.equal(await page.locator("html").getAttribute("lang"), lng, `${path} speaks ${lng}`);
  await page.locator("main, form, h1").first().waitFor();
  return (await violations(page, options)).map((v) => `${lng} ${path}: ${v}`);
}
