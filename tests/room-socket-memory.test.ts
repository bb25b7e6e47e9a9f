import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentRound, finishRound } from "./rooms-helpers";
import { rounds } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

/** Opens /ws/room/:id and answers its first message (the round in play and the last results). */
async function hello(roomId: number): Promise<any> {
  const response = await exports.default.fetch(`https://app.test/ws/room/${roomId}`, {
    headers: { upgrade: "websocket" },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const first = new Promise<any>((resolve) =>
    socket.addEventListener("message", (event) => resolve(JSON.parse(event.data as string)), { once: true }),
  );
  socket.accept();
  const message = await first;
  socket.close();
  return message;
}

describe("opening a room's socket (docs/decisions/114)", () => {
  it("answers from the room's memory, and reads D1 again only once a round changes", async () => {
    const ROOM = 3;
    await currentRound(ROOM);
    await finishRound(ROOM);
    const warm = await hello(ROOM);
    const newest = warm.his[0];
    expect(newest.seqno).toBeGreaterThan(0);
    // Change the stored result behind the room's back: a connection that read D1 would show it.
    await env.DB.prepare(`UPDATE ${quotedTable(rounds)} SET num1 = num1 + 100 WHERE room_id = ? AND seqno = ?`)
      .bind(ROOM, newest.seqno)
      .run();
    try {
      for (let i = 0; i < 3; i++) expect((await hello(ROOM)).his[0]).toEqual(newest);
    } finally {
      await env.DB.prepare(`UPDATE ${quotedTable(rounds)} SET num1 = num1 - 100 WHERE room_id = ? AND seqno = ?`)
        .bind(ROOM, newest.seqno)
        .run();
    }
    // A new draw: the next connection carries it.
    await finishRound(ROOM);
    const after = await hello(ROOM);
    expect(after.his[0].seqno).toBe(newest.seqno + 1);
    expect(after.his[1]).toEqual(newest);
  });

  it("still refuses a room that does not exist (404) and a request that is no upgrade (426)", async () => {
    for (const path of ["/ws/room/999", "/ws/room/123456"]) {
      const missing = await exports.default.fetch(`https://app.test${path}`, { headers: { upgrade: "websocket" } });
      expect(missing.status).toBe(404);
      await missing.text();
    }
    const plain = await exports.default.fetch("https://app.test/ws/room/3");
    expect(plain.status).toBe(426);
    await plain.text();
  });
});
