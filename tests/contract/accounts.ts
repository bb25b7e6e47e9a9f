import { DEMO_PLAYER } from "../../worker/seed/seed";
import { expect } from "vitest";
import { expectError, expectOk } from "./client";
import type { ContractFlow } from "./flows";
import { login, newPlayerFields } from "./players";

export const accountFlows: ContractFlow[] = [
  {
    name: "registers with an SMS code, reads its profile, changes its password, signs out",
    async run(client) {
      const fields = await newPlayerFields(client);
      expectError(await client.call("/api/index/register", { ...fields, captcha: "000000" }), 2053);
      const registered = await client.call("/api/index/register", fields);
      expectOk(registered);
      const token = registered.data.token as string;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const info = await client.call("/api/Game/getuserinfo", { token });
      expectOk(info);
      expect(info.data).toMatchObject({ name: fields.username, money: 0, level: 1 });

      expectError(
        await client.call("/api/Index/repasswd", {
          token,
          passwd: "wrong1234",
          npasswd: "newpass1",
          npasswd2: "newpass1",
        }),
        1059,
      );
      const changed = await client.call("/api/Index/repasswd", {
        token,
        passwd: fields.password,
        npasswd: "newpass1",
        npasswd2: "newpass1",
      });
      expectOk(changed);
      expectError(await client.call("/api/Game/getuserinfo", { token }), 1062, 409);
      const fresh = changed.data.token as string;
      expectOk(await client.call("/api/Index/logout", { token: fresh }));
      expectError(await client.call("/api/Game/getuserinfo", { token: fresh }), 1062, 409);
      expect(await login(client, fields.username, "newpass1")).toMatch(/^[0-9a-f]{64}$/);
    },
  },
  {
    name: "refuses a wrong password alike for every account and a blank form, in the player's language",
    async run(client) {
      expectError(
        await client.call("/api/Index/login", { username: DEMO_PLAYER.username, password: "wrong1234" }),
        1003,
      );
      expectError(await client.call("/api/Index/login", { username: "nobody99", password: "whatever1" }), 1003);
      const blank = await client.call("/api/Index/login", { username: "", password: "x", lang: "vi" });
      expectError(blank, 1010);
      const english = await client.call("/api/Index/login", { username: "", password: "x" });
      expect(blank.info).not.toBe(english.info);
      expectError(await client.call("/api/Game/getuserinfo", { token: "abc" }), 1062, 409);
    },
  },
];
