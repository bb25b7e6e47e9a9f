import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count } from "./helpers";
import { Browser, ORIGIN } from "./pages";

// Every Remix action answers a body that is not a form with a clear 400, never a 500, or one of the
// redirects listed here, each to its own place. /logout comes last: it ends the player's session.
const ACTIONS = [
  "/login",
  "/register",
  "/languageSet",
  "/bankadd",
  "/banklist",
  "/recharge",
  "/withdraw",
  "/usercipherpassword",
  "/userloginpassword",
  "/activity/1",
  "/bjsc/1",
  "/logout",
];
const SIGNED_IN_ONLY = ["/bankadd", "/banklist", "/recharge", "/withdraw", "/usercipherpassword", "/userloginpassword"];

/** Where a redirect may go, or null when the answer must be a 400. */
function allowedRedirect(path: string, type: string, who: "guest" | "player"): string | null {
  if (path === "/logout") return "/login";
  // A lenient urlencoded parse reads as a form: these actions act on it before reading any field.
  if (!type.includes("urlencoded")) return null;
  if (path === "/languageSet") return "/languageSet";
  if ((path === "/login" || path === "/register") && who === "player") return "/user";
  if (SIGNED_IN_ONLY.includes(path) && who === "guest") return `/login?redirectTo=${encodeURIComponent(path)}`;
  // A player with no payout account is sent to the accounts page first (docs/product.md#how-screens-behave).
  if (path === "/withdraw") return "/banklist?redirectTo=/withdraw";
  // The accounts list answers its form (a delete naming no account) back on itself.
  if (path === "/banklist") return "/banklist";
  return null;
}
const BODIES: [string, string][] = [
  ["application/json", '{"username":"demo01","password":"demo1234"}'],
  ["multipart/form-data; boundary=x", "--x\r\nnot a part"],
  ["application/x-www-form-urlencoded", "%E0%A4%A=broken"],
  ["text/plain", "\u0000\u0001"],
];

describe("non-form bodies to actions", () => {
  it("answer 400 on every action, for a guest and a player, and create no session", async () => {
    const player = await new Browser().logIn();
    const cookie = [...player.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const sessions = await count("sessions");
    for (const path of ACTIONS) {
      for (const [type, body] of BODIES) {
        for (const who of ["", cookie]) {
          const response = await exports.default.fetch(`${ORIGIN}${path}`, {
            method: "POST",
            headers: { "content-type": type, origin: ORIGIN, host: new URL(ORIGIN).host, cookie: who },
            body,
            redirect: "manual",
          });
          const text = await response.text();
          const label = `${path} ${type} ${who ? "player" : "guest"}`;
          const redirect = allowedRedirect(path, type, who ? "player" : "guest");
          expect(response.status, label).toBe(redirect ? 302 : 400);
          if (redirect) expect(response.headers.get("location"), label).toBe(redirect);
          // A lenient urlencoded parse is a form: its own field errors answer it (still 400).
          if (
            response.status === 400 &&
            !type.includes("urlencoded") &&
            (response.headers.get("content-type") ?? "").includes("html")
          )
            expect(text, `${path} ${type}`).toContain("This form could not be read");
        }
      }
    }
    expect(await count("sessions")).toBe(sessions);
  }, 60_000);
});
