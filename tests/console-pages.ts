import { expect } from "vitest";
import { freshOperatorCode } from "./helpers";
import { Browser } from "./pages";

// The operator console as a browser gets it, shared by the console's page tests.

let signedIn: Promise<Browser> | undefined;

/**
 * The console signed in once per test file (each file has its own modules and storage): each TOTP step
 * signs in once (docs/decisions/060), so a file that never signs out reuses one session.
 */
export function operatorBrowser() {
  signedIn ??= (async () => {
    const browser = new Browser();
    const response = await browser.post("/admin/login", {
      intent: "login",
      username: "admin",
      password: "admin1234",
      code: await freshOperatorCode(),
    });
    expect(response.status).toBe(302);
    return browser;
  })();
  return signedIn;
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
