// A slow phone whose player types before the page is interactive still gets a live page.
// Each load is a first visit (a new browser context, nothing cached) on a Chromium slowed to a sixth
// of its speed (CDP CPU throttling); the username is typed once the page has loaded, which lands
// inside hydration. Before app/lib/remix-state.ts about half such loads ended with React error #345
// and a page left without JavaScript (no dial-code search box).
import assert from "node:assert/strict";

const LOADS = 6;

export default async function ({ context, page: runnerPage, base }) {
  for (let i = 0; i < LOADS; i++) {
    const visit = await context
      .browser()
      .newContext({ viewport: runnerPage.viewportSize(), baseURL: base, locale: "en-US" });
    const page = await visit.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    const cdp = await visit.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.goto("/register");
    await page.getByLabel("Username").fill(`early${i}`);
    // the search box is rendered only once React has hydrated the page
    const hydrated = await page
      .getByRole("searchbox")
      .waitFor({ timeout: 45_000 })
      .then(
        () => true,
        () => false,
      );
    assert.ok(hydrated, `load ${i + 1} of ${LOADS} hydrated (${errors.join(" | ") || "no page error"})`);
    assert.equal(
      await page.getByLabel("Username").inputValue(),
      `early${i}`,
      "what was typed before hydration is kept",
    );
    assert.deepEqual(errors, [], "no error while hydrating");
    await visit.close();
  }
}
