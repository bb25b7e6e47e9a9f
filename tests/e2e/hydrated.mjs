// The hydration marker the flows wait for: React has attached its fibers to the page's elements.

/** Waits until React has hydrated the page's main content (or its body, on a page without <main>). */
export async function reactHydrated(page, { timeout = 60_000 } = {}) {
  await page.waitForFunction(
    () => {
      const root = document.querySelector("main") ?? document.body;
      return Object.keys(root).some((key) => key.startsWith("__reactFiber"));
    },
    null,
    { timeout },
  );
}

const SCRIPTS = /\/assets\/.*\.js(\?|$)/;

/**
 * Holds the app's scripts back, as a slow phone's network does: the page shows its server HTML and does nothing of
 * React's until `release()`. `stop()` releases them and removes the hold.
 */
export async function holdScripts(page) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const hold = async (route) => {
    await held;
    await route.continue();
  };
  await page.route(SCRIPTS, hold);
  return {
    release,
    stop: async () => {
      release();
      await page.unroute(SCRIPTS, hold);
    },
  };
}
