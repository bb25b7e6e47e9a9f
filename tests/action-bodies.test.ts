import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count } from "./helpers";
import { Browser, ORIGIN } from "./pages";

// Every Remix action answers a body that is not a form with a clear 400, never a 500.
const ACTIONS = ["/login", "/register", "/logout", "/languageSet", "/bankadd", "/banklist", "/recharge", "/withdraw", "/usercipherpassword", "/userloginpassword", "/activity/1", "/bjsc/1"];
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
          expect(response.status, `${path} ${type} ${who ? "player" : "guest"}`).toBeLessThan(500);
          if (response.status !== 302) expect(response.status, `${path} ${type}`).toBe(400);
          // A lenient urlencoded parse is a form: its own field errors answer it (still 400).
          if (response.status === 400 && !type.includes("urlencoded") && (response.headers.get("content-type") ?? "").includes("html")) expect(text, `${path} ${type}`).toContain("This form could not be read");
        }
      }
    }
    expect(await count("sessions")).toBe(sessions);
  }, 60_000);
});
