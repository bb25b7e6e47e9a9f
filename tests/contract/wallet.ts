import { expect } from "vitest";
import { expectError, expectOk } from "./client";
import type { ContractFlow } from "./flows";
import { balance, deposit, paidInto, registerPlayer, requestId } from "./players";

const PAY_PASSWORD = "pay12345";

export const walletFlows: ContractFlow[] = [
  {
    name: "adds a coin address, deposits, withdraws once per request_id and lists the funds",
    async run(client) {
      expectError(await client.call("/api/Game/getBankcardlist", {}), 1062, 409);
      const { token } = await registerPlayer(client, PAY_PASSWORD);
      // a fresh USDT address on Ethereum (ERC20): 0x and 40 lower-case hex digits, so no checksum to make
      const address = `0x${crypto.randomUUID().replace(/-/g, "")}${"0".repeat(8)}`;
      expectError(
        await client.call("/api/Game/addbankcard", { token, type: "USDT", address, payPwd: "wrong999" }),
        1033,
      );
      const added = await client.call("/api/Game/addbankcard", { token, type: "USDT", address, payPwd: PAY_PASSWORD });
      expectOk(added);
      const cards = await client.call("/api/Game/getBankcardlist", { token });
      expectOk(cards);
      // kept in its EIP-55 spelling, so compared without case
      expect(JSON.stringify(cards.data).toLowerCase()).toContain(address);

      expectError(
        await client.call("/api/Game/recharge", { token, money: "5", pay_name: "A", ...(await paidInto(client)) }),
        1070,
      );
      await deposit(client, token, 250);
      expect(await balance(client, token)).toBe(250);
      const withdrawal = { token, bank_id: added.data.id, money: "30", pwd: PAY_PASSWORD, request_id: requestId() };
      const first = await client.call("/api/Game/withdraw", withdrawal);
      expectOk(first);
      expectOk(await client.call("/api/Game/withdraw", withdrawal));
      expect(await balance(client, token)).toBe(220);
      expectError(
        await client.call("/api/Game/withdraw", { ...withdrawal, request_id: requestId(), money: "500" }),
        1025,
      );
      expectError(
        await client.call("/api/Game/withdraw", { ...withdrawal, request_id: requestId(), pwd: "wrong999" }),
        1033,
      );

      const flow = await client.call("/api/Game/getfinanceflow", { token });
      expectOk(flow);
      expect(flow.data.list.map((row: { money: number; kind: string }) => [row.money, row.kind])).toEqual([
        [-30, "wait"],
        [250, "topup"],
      ]);
      expect(await balance(client, token)).toBe(220);
    },
  },
];
