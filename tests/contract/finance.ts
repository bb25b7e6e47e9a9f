import { expect } from "vitest";
import { expectError, expectOk } from "./client";
import type { ContractFlow } from "./flows";
import { balance, deposit, registerPlayer, requestId } from "./players";

const PAY_PASSWORD = "pay12345";

export const financeFlows: ContractFlow[] = [
  {
    name: "lists the tiers, locks an amount once per request_id and lists the order",
    async run(client) {
      const tiers = await client.call("/api/Game/getproductlist", {});
      expectOk(tiers);
      expect(tiers.data.list.map((t: { id: number; min: number }) => [t.id, t.min])).toEqual([
        [1, 100_000],
        [2, 300_000],
        [3, 800_000],
        [4, 1_500_000],
      ]);
      expectError(
        await client.call("/api/Game/producttransferin", { product_id: 1, money: "100000", pwd: PAY_PASSWORD }),
        1062,
        409,
      );

      const { token } = await registerPlayer(client, PAY_PASSWORD);
      await deposit(client, token, 120_000);
      const transfer = { token, product_id: 1, money: "100000", pwd: PAY_PASSWORD, request_id: requestId() };
      expectError(await client.call("/api/Game/producttransferin", { ...transfer, pwd: "wrong999" }), 1033);
      expectError(await client.call("/api/Game/producttransferin", { ...transfer, money: "99999.99" }), 1111);
      const locked = await client.call("/api/Game/producttransferin", transfer);
      expectOk(locked);
      expect(locked.data).toMatchObject({ product: 1, principal: 100_000, days: 15, status: "active" });
      const again = await client.call("/api/Game/producttransferin", transfer);
      expect(again.data.id).toBe(locked.data.id);
      expect(await balance(client, token)).toBe(20_000);
      expectError(await client.call("/api/Game/producttransferin", { ...transfer, request_id: requestId() }), 1025);

      const orders = await client.call("/api/Game/getproductorders", { token });
      expectOk(orders);
      expect(orders.data.list.map((o: { id: number; principal: number }) => [o.id, o.principal])).toEqual([
        [locked.data.id, 100_000],
      ]);
    },
  },
];
