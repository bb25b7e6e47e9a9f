// Waiting assertions for the end-to-end flows. A page settles after a navigation, a hydration or a socket
// message, so a check read once may see the page a moment before it changes; CI failed on such reads.
// `eventually` retries a check until it passes, and throws its last failure when the time is up.

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function eventually(check, { timeout = 15_000, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await pause(interval);
    }
  }
}

/** The element's text, read without Playwright's own 30 s wait, so `eventually` decides how long to wait. */
export const textOf = (locator) => locator.innerText({ timeout: 1_000 });
