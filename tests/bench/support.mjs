// Shared by the *.bench.mjs files: contract calls and a round with time left to bet.
export function contract(base) {
  return async (path, body) => {
    const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return response.json();
  };
}

/** The room's round in play once at least `seconds` of betting remain (waits out a round about to close). */
export async function roundWithTimeLeft(post, token, roomId, seconds) {
  for (let tries = 0; tries < 150; tries++) {
    const info = await post("/api/Game/getGameinfo", { token, roomid: roomId });
    if (info.code === 1 && (info.data.game.closeAt - Date.now()) / 1000 > seconds) return info.data;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`room ${roomId}: no round with ${seconds} s of betting left`);
}
