import { forgetPerFile } from "./support/file-state";
import { expect } from "vitest";
import { freshOperatorCode, freshTotpCode } from "./helpers";
import { Browser } from "./pages";

// The operator console as a browser gets it, shared by the console's page tests.

const sessions = new Map<string, Promise<Map<string, string>>>();
forgetPerFile(() => sessions.clear());

/**
 * A browser of its own signed in to the console as this operator (the seeded admin unless named; `secret` is
 * the TOTP secret of an operator a test made). The first call of a test file for an operator signs in through
 * /admin/login with a fresh code; later calls carry the same session's cookies. Each TOTP step signs in once
 * (docs/decisions/060), so signing in afresh for each test waited about 30 s every second sign-in. A test
 * that ends the operator's session, or tests the sign-in itself, signs in on its own.
 */
export async function consoleBrowser(username = "admin", password = "admin1234", secret?: string) {
  const key = username.toLowerCase();
  let session = sessions.get(key);
  if (!session) {
    session = (async () => {
      const browser = new Browser();
      const code = secret ? await freshTotpCode(secret) : await freshOperatorCode(username);
      const response = await browser.post("/admin/login", { intent: "login", username, password, code });
      expect(response.status).toBe(302);
      return browser.cookies;
    })();
    sessions.set(key, session);
    // a sign-in that failed fails its test, not every later one
    session.catch(() => sessions.delete(key));
  }
  const browser = new Browser();
  for (const [name, value] of await session) browser.cookies.set(name, value);
  return browser;
}

let shared: Promise<Browser> | undefined;
forgetPerFile(() => (shared = undefined));

/** The seeded admin's console as one browser for the whole test file (its cookies, the language one too, kept). */
export function operatorBrowser() {
  if (!shared) {
    shared = consoleBrowser();
    shared.catch(() => (shared = undefined));
  }
  return shared;
}

/** Each path is a 404 to a guest and to a signed-in player, and a page to the operator. */
export async function expectConsoleOnly(paths: string[]) {
  const guest = new Browser();
  const player = await new Browser().logIn();
  const operator = await operatorBrowser();
  for (const path of paths) {
    for (const who of [guest, player]) {
      const response = await who.get(path);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
    const response = await operator.get(path);
    expect(response.status, path).toBe(200);
    await response.body?.cancel();
  }
}
