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
