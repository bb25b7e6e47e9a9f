import { DEMO_PLAYER } from "../../worker/seed/seed";
import { expect } from "vitest";
import { expectError, expectOk } from "./client";
import type { ContractFlow } from "./flows";
import { balance, login, requestId } from "./players";

export const roundFlows: ContractFlow[] = [
  {
    name: "lists a tab's rooms, enters one, bets on the round in play and finds the bet, once per request_id",
    async run(client) {
      expectError(await client.call("/api/Game/getRoomList", { roomtype: 1 }), 1062, 409);
      const token = await login(client, DEMO_PLAYER.username, DEMO_PLAYER.password);
      const rooms = await client.call("/api/Game/getRoomList", { token, roomtype: 1 });
      expectOk(rooms);
      expect(rooms.data.list).toHaveLength(16);
      const info = await client.call("/api/Game/getGameinfo", { token, roomid: 1 });
      expectOk(info);
      expect(info.data.room).toMatchObject({ id: 1, minbuy: 20, rate0: 1.98 });
      const gameid = info.data.game.id as number;
      const before = await balance(client, token);

      const bet = {
        token,
        roomid: 1,
        gameid,
        order_info: [
          [0, 1.98, 20],
          [4, 4.2, 30],
        ],
        request_id: requestId(),
      };
      const placed = await client.call("/api/Game/order", bet);
      expectOk(placed);
      const again = await client.call("/api/Game/order", bet);
      expectOk(again);
      expect(again.data.order_id).toBe(placed.data.order_id);
      expect(await balance(client, token)).toBeCloseTo(before - 50, 2);

      const mine = await client.call("/api/Game/getVorder", { token, roomid: 1, isfirst: 1 });
      expectOk(mine);
      expect(mine.data.list.filter((row: { orderId: number }) => row.orderId === placed.data.order_id)).toHaveLength(2);
      expectError(await client.call("/api/Game/order", { ...bet, request_id: requestId(), gameid: undefined }), 1027);
      expectError(
        await client.call("/api/Game/order", { ...bet, request_id: requestId(), order_info: "not json" }),
        1031,
      );
      expect(await balance(client, token)).toBeCloseTo(before - 50, 2);
    },
  },
  {
    name: "gives the room's results and the player's history",
    async run(client) {
      const token = await login(client, DEMO_PLAYER.username, DEMO_PLAYER.password);
      const trend = await client.call("/api/Game/getTrendData", { token, roomid: 1 });
      expectOk(trend);
      const log = await client.call("/api/Game/getGamelog", { token, roomid: 1, page: 1 });
      expectOk(log);
      expectError(await client.call("/api/Game/getGameinfo", { token, roomid: 999 }), 1057);
    },
  },
];
