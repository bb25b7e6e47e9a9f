// axe-core in the page, for the accessibility flows of the player screens (a11y) and the console
// (console-a11y). axe is evaluated through the DevTools protocol, not a <script> tag, so the app's Content
// Security Policy stays as it is. Only serious and critical violations count.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The four languages every screen is audited in. */
export const LANGUAGES = ["en", "zh-CN", "zh-TW", "vi"];

/** Opens `path` (which must answer 200 in `lng`) and lists its serious or critical violations, one line each. */
export async function audit(page, path, lng) {
  const response = await page.goto(path, { waitUntil: "load" });
  assert.equal(response?.status(), 200, `${path} answers`);
  assert.equal(await page.locator("html").getAttribute("lang"), lng, `${path} speaks ${lng}`);
  await page.locator("main, form, h1").first().waitFor();
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")}`,
      );
  });
  return violations.map((v) => `${lng} ${path}: ${v}`);
}
