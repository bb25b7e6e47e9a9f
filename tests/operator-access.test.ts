import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { SignJWT, generateKeyPair, importJWK, type CryptoKey } from "jose";
import { ACCESS_EMAIL_HEADER } from "../worker/api/access";
import { expectError, expectOk, freshTotpCode, operatorLogin } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { fetchWith } from "./worker-with";
import { ACCESS_TEST_AUDIENCE } from "./support/access-server.mjs";
import { users, loginAttempts } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Cloudflare Access in front of the console (docs/decisions/060-operator-sign-in.md), against the local
// key server of tests/support/access-server.mjs, which publishes its JWKS as a team domain does.

const teamUrl = inject("accessTeamUrl");
const ACCESS = { ACCESS_TEAM_DOMAIN: teamUrl, ACCESS_AUD: ACCESS_TEST_AUDIENCE };
const KID = "roundtable-test-key-1";
const teamKey = importJWK(JSON.parse(inject("accessPrivateJwk")), "RS256") as Promise<CryptoKey>;

type Claims = { email: string; aud?: string; expiresInSeconds?: number; key?: CryptoKey; issuer?: string };

/** An application token as Access signs it: RS256, the team's key id, issuer, audience, expiry, email. */
async function accessToken(c: Claims) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: c.email, type: "app" })
    .setProtectedHeader({ alg: "RS256", kid: KID })
    .setIssuer(c.issuer ?? teamUrl)
    .setAudience(c.aud ?? ACCESS_TEST_AUDIENCE)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (c.expiresInSeconds ?? 300))
    .setSubject(crypto.randomUUID())
    .sign(c.key ?? (await teamKey));
}

async function call(path: string, body: Record<string, unknown>, jwt?: string, extra: Record<string, string> = {}) {
  const response = await fetchWith(ACCESS, `https://app.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(jwt ? { "cf-access-jwt-assertion": jwt } : {}), ...extra },
    body: JSON.stringify(body),
  });
  return response.json() as Promise<{ code: number; info: string; data: Record<string, any> }>;
}

async function operatorWithEmail(email: string) {
  const op = await secondOperator(true, "admin");
  await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_email = ? WHERE id = ?`)
    .bind(email, op.id)
    .run();
  return op;
}

describe("Cloudflare Access in front of the console", () => {
  it("refuses a console request without a valid token: none, forged, expired, wrong audience or issuer (1236)", async () => {
    const op = await operatorWithEmail("desk.lead@company.test");
    const login = async () => ({ username: op.username, password: op.password, code: await freshTotpCode(op.secret) });
    const forger = await generateKeyPair("RS256", { extractable: true });
    const refused = [
      undefined,
      "not-a-token",
      await accessToken({ email: "desk.lead@company.test", key: forger.privateKey }),
      await accessToken({ email: "desk.lead@company.test", expiresInSeconds: -60 }),
      await accessToken({ email: "desk.lead@company.test", aud: "another-application" }),
      await accessToken({ email: "desk.lead@company.test", issuer: "https://evil.cloudflareaccess.com" }),
    ];
    const creds = await login();
    for (const jwt of refused) expectError(await call("/api/admin/login", creds, jwt), 1236);
    // nothing reached the sign-in: the code is still unused, and the page itself is refused too
    const page = await fetchWith(ACCESS, "https://app.test/admin/login", { method: "GET" });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("Sign in through your company's login first");
    expectOk(await call("/api/admin/login", creds, await accessToken({ email: "desk.lead@company.test" })));
  });

  it("guards the console however its path is spelled: percent-encoded letters, doubled slashes, dot segments (1236)", async () => {
    const op = await operatorWithEmail("desk.night@company.test");
    const creds = { username: op.username, password: "wrong-password-1", code: "000000" };
    for (const path of [
      "/api/%61dmin/login",
      "/api/%41DMIN/login",
      "/api//admin/login",
      "/api/x/../admin/login",
      "/api/%2e/admin/login",
    ])
      expectError(await call(path, creds), 1236);
    // nothing reached the sign-in: the operator's failure counter is untouched
    const attempts = await env.DB.prepare(`SELECT failures FROM ${quotedTable(loginAttempts)} WHERE username = ?`)
      .bind(op.username.toLowerCase())
      .first<{ failures: number }>();
    expect(attempts?.failures ?? 0).toBe(0);
    for (const path of ["/%61dmin/login", "//admin/login"]) {
      const page = await fetchWith(ACCESS, `https://app.test${path}`, { method: "GET" });
      expect(page.status, path).not.toBe(200);
    }
  });

  it("binds the operator to the email Access verified: another identity signs nobody in and uses no session", async () => {
    const op = await operatorWithEmail("cashier.two@company.test");
    const mine = await accessToken({ email: "Cashier.Two@company.test" });
    const theirs = await accessToken({ email: "someone.else@company.test" });
    const creds = { username: op.username, password: op.password };
    expectError(await call("/api/admin/login", { ...creds, code: await freshTotpCode(op.secret) }, theirs), 1170);
    const signedIn = await call("/api/admin/login", { ...creds, code: await freshTotpCode(op.secret) }, mine);
    expectOk(signedIn);
    const token = signedIn.data.token as string;
    expectOk(await call("/api/admin/me", { token }, mine));
    expectError(await call("/api/admin/me", { token }, theirs), 1236);
    // the Worker sets the verified email itself: one a client sends is not believed
    expectError(
      await call("/api/admin/me", { token }, theirs, { [ACCESS_EMAIL_HEADER]: "cashier.two@company.test" }),
      1236,
    );
  });

  it("asks an admin for the new operator's company email (1237), one per operator (1238)", async () => {
    const admin = await operatorWithEmail("admin.one@company.test");
    const jwt = await accessToken({ email: "admin.one@company.test" });
    const signedIn = await call(
      "/api/admin/login",
      { username: admin.username, password: admin.password, code: await freshTotpCode(admin.secret) },
      jwt,
    );
    const token = signedIn.data.token as string;
    expectError(
      await call("/api/admin/operators/create", { token, username: "accessdesk1", role: "viewer" }, jwt),
      1237,
    );
    expectError(
      await call(
        "/api/admin/operators/create",
        { token, username: "accessdesk1", role: "viewer", email: "admin.one@company.test" },
        jwt,
      ),
      1238,
    );
    const created = await call(
      "/api/admin/operators/create",
      { token, username: "accessdesk1", role: "viewer", email: "New.Desk@company.test" },
      jwt,
    );
    expectOk(created);
    const row = await env.DB.prepare(`SELECT operator_email FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(created.data.id)
      .first<{ operator_email: string }>();
    expect(row!.operator_email).toBe("new.desk@company.test");
  });

  it("leaves the console as it was where Access is not set up, and ignores a client's identity header", async () => {
    const token = await operatorLogin();
    const response = await fetchWith({}, "https://app.test/api/admin/me", {
      method: "POST",
      headers: { "content-type": "application/json", [ACCESS_EMAIL_HEADER]: "forged@company.test" },
      body: JSON.stringify({ token }),
    });
    expectOk((await response.json()) as { code: number; info: string; data: unknown });
  });
});
