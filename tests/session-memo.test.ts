import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handleApi } from "../worker/api/handle";
import { type Answer, expectError, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { everywhere } from "./shard-helpers";
import { sessions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

/** One in-process API call under a given request's ExecutionContext, as a page's loaders make them. */
async function callIn(ctx: ExecutionContext, path: string, body: Record<string, unknown>): Promise<Answer> {
  const request = new Request(`https://app.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await handleApi(request, env, ctx)).json() as Promise<Answer>;
}

/** Ends a session behind the API's back, as another request (another device) would. */
async function revokeElsewhere(token: string) {
  const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  await everywhere(`UPDATE ${quotedTable(sessions)} SET revoked_at_ms = ? WHERE token_hash = ?`)
    .bind(Date.now(), hash)
    .run();
}

describe("the session of a page request (docs/decisions/113)", () => {
  it("is looked up once however many in-process calls the request makes", async () => {
    const { token } = await registerPlayer();
    const page = createExecutionContext();
    expectOk(await callIn(page, "/api/Game/getuserinfo", { token }));
    await revokeElsewhere(token);
    // The same request goes on with the session it looked up: no second lookup.
    expectOk(await callIn(page, "/api/Game/getuserinfo", { token }));
    expectOk(await callIn(page, "/api/game/todaywinlost", { token }));
    // The next request looks again and sees the session gone.
    expectError(await callIn(createExecutionContext(), "/api/Game/getuserinfo", { token }), 1062, 409);
  });

  it("is looked up again after the request signs out or changes the password", async () => {
    const player = await registerPlayer();
    const page = createExecutionContext();
    expectOk(await callIn(page, "/api/Game/getuserinfo", { token: player.token }));
    expectOk(await callIn(page, "/api/index/logout", { token: player.token }));
    expectError(await callIn(page, "/api/Game/getuserinfo", { token: player.token }), 1062, 409);

    const other = await registerPlayer();
    const form = createExecutionContext();
    expectOk(await callIn(form, "/api/Game/getuserinfo", { token: other.token }));
    const changed = await callIn(form, "/api/index/repasswd", {
      token: other.token,
      passwd: other.password,
      npasswd: "newpass123",
      npasswd2: "newpass123",
    });
    expectOk(changed);
    expectError(await callIn(form, "/api/Game/getuserinfo", { token: other.token }), 1062, 409);
    expectOk(await callIn(form, "/api/Game/getuserinfo", { token: changed.data.token }));
  });

  it("keeps an operator's sign-out effective within the same request", async () => {
    const token = await operatorLogin();
    const page = createExecutionContext();
    expectOk(await callIn(page, "/api/admin/me", { token }));
    expectOk(await callIn(page, "/api/admin/logout", { token }));
    expectError(await callIn(page, "/api/admin/me", { token }), 1062, 409);
  });

  it("is never shared between requests or tokens", async () => {
    const [a, b] = [await registerPlayer(), await registerPlayer()];
    const page = createExecutionContext();
    const first = await callIn(page, "/api/Game/getuserinfo", { token: a.token });
    const second = await callIn(page, "/api/Game/getuserinfo", { token: b.token });
    expect([first.data.name, second.data.name]).toEqual([a.username, b.username]);
    expectError(await callIn(page, "/api/Game/getuserinfo", { token: "f".repeat(64) }), 1062, 409);
  });
});
