import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../worker/auth/password";
import { walletHandle } from "../worker/db/client";
import { createSession } from "../worker/accounts/sessions";
import { findUserByUsername } from "../worker/accounts/users";
import { api, expectError, expectOk, login, registerPlayer } from "./helpers";
import { playerD1 } from "./shard-helpers";

// A session lives only under the password generation it was made in (docs/decisions/051-sessions-end-with-the-password.md).
const alive = async (token: string) => (await api("/api/Game/getuserinfo", { token })).code === 1;
const change = (token: string, passwd: string, npasswd: string) =>
  api("/api/Index/repasswd", { token, passwd, npasswd, npasswd2: npasswd });

describe("a login password change", () => {
  it("ends every session made with the old password and gives this device a working one", async () => {
    const { token, username, password } = await registerPlayer();
    const others = [await login(username, password), await login(username, password)];
    const answer = await change(token, password, "newpass123");
    expectOk(answer);
    for (const old of [token, ...others]) expect(await alive(old)).toBe(false);
    expect(await alive(answer.data.token)).toBe(true);
    expectError(await api("/api/Index/login", { username, password }), 1003);
    expectOk(await api("/api/Index/login", { username, password: "newpass123" }));
  });

  it("also ends a session minted by a login racing the change", async () => {
    // The interleaving of the race, step by step: a login reads the user and checks the old password,
    // the change commits, then the login creates its session (as /api/index/login does).
    const { token, username, password } = await registerPlayer();
    const db = walletHandle(await playerD1(username));
    const readByLogin = (await findUserByUsername(db, username))!;
    expect(await verifyPassword(password, readByLogin.passwordHash, env.PEPPER)).toBe(true);
    const changed = await change(token, password, "newpass123");
    expectOk(changed);
    const minted = await createSession(db, readByLogin, Date.now(), 0);
    expect(await alive(minted), "a session made with the old password").toBe(false);
    expect(await alive(changed.data.token)).toBe(true);
  });

  it("lets only one of two racing changes win", async () => {
    const { token, username, password } = await registerPlayer();
    const answers = await Promise.all([change(token, password, "first1234"), change(token, password, "second1234")]);
    const winners = answers.filter((a) => a.code === 1);
    expect(winners).toHaveLength(1);
    // The loser is refused: its old password no longer matches, or its session already ended.
    expect([1059, 1062]).toContain(answers.find((a) => a.code !== 1)!.data.errCode);
    const winning = answers[0].code === 1 ? "first1234" : "second1234";
    expectOk(await api("/api/Index/login", { username, password: winning }));
    expect(await alive(winners[0].data.token)).toBe(true);
  });
});
