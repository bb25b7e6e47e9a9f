// A local market-data feed speaking the public protocol of docs/architecture.md#the-contract (OKX v5 public shape, docs/product.md#market-prices):
// "ping" → "pong", {op:"subscribe"} answered with {event:"subscribe"}, tickers pushed as {arg, data:[rows]}.
// It listens on 127.0.0.1 only. Tests drive it through a small HTTP control surface on the same port:
//   GET /state   connections with their open/subscribe times
//   POST /send   the body is pushed as-is to every open socket
//   POST /drop   every socket is cut          POST /refuse?on=1|0   upgrades answered 503 or accepted
// Run by hand (`node tests/support/price-feed-server.mjs 8852`) it also pushes SYNTHETIC tickers every
// 3 s, a random walk for local testing only: `PRICES_WS_URL=ws://127.0.0.1:8852 npm start`.
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const SYNTHETIC_START = {
  "BTC-USDT": 90000,
  "ETH-USDT": 3000,
  "USDT-USDC": 1,
  "BNB-USDT": 600,
  "SOL-USDT": 150,
  "USDC-USDT": 1,
  "DOGE-USDT": 0.15,
  "TRX-USDT": 0.25,
};

export async function startPriceFeed({ port = 0, syntheticEveryMs = 0 } = {}) {
  const connections = [];
  let refusing = false;
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer(async (req, res) => {
    const body = await new Promise((resolve) => {
      let text = "";
      req.on("data", (d) => (text += d)).on("end", () => resolve(text));
    });
    const url = new URL(req.url, "http://feed");
    const reply = (value) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (url.pathname === "/state")
      return reply({
        connections: connections.map(({ socket, ...rest }) => ({ ...rest, open: socket.readyState === 1 })),
      });
    if (req.method === "POST" && url.pathname === "/send") {
      for (const c of connections) if (c.socket.readyState === 1) c.socket.send(body);
      return reply({ sent: true });
    }
    if (req.method === "POST" && url.pathname === "/drop") {
      for (const c of connections) c.socket.terminate();
      return reply({ dropped: true });
    }
    if (req.method === "POST" && url.pathname === "/refuse") {
      refusing = url.searchParams.get("on") === "1";
      return reply({ refusing });
    }
    res.writeHead(404).end();
  });
  server.on("upgrade", (req, socket, head) => {
    if (refusing) return socket.end("HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n");
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = { connectedAtMs: Date.now(), subscriptions: [], socket: ws };
      connections.push(connection);
      ws.on("message", (data) => {
        const text = String(data);
        if (text === "ping") return ws.send("pong");
        let message;
        try {
          message = JSON.parse(text);
        } catch {
          return ws.send(JSON.stringify({ event: "error", code: "60012", msg: "Invalid request" }));
        }
        if (message.op !== "subscribe" || !Array.isArray(message.args)) return;
        for (const arg of message.args) {
          connection.subscriptions.push({ ...arg, atMs: Date.now() });
          ws.send(JSON.stringify({ event: "subscribe", arg }));
        }
      });
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = server.address().port;

  let ticker;
  if (syntheticEveryMs > 0) {
    const prices = { ...SYNTHETIC_START };
    const sod = { ...SYNTHETIC_START };
    ticker = setInterval(() => {
      for (const c of connections) {
        if (c.socket.readyState !== 1) continue;
        for (const sub of c.subscriptions.filter((s) => s.channel === "tickers" && s.instId in prices)) {
          prices[sub.instId] *= 1 + (Math.random() - 0.5) * 0.004;
          const row = {
            instType: "SPOT",
            instId: sub.instId,
            last: prices[sub.instId].toPrecision(8),
            sodUtc8: String(sod[sub.instId]),
            ts: String(Date.now()),
          };
          c.socket.send(JSON.stringify({ arg: { channel: "tickers", instId: sub.instId }, data: [row] }));
        }
      }
    }, syntheticEveryMs);
  }

  return {
    url: `ws://127.0.0.1:${actualPort}`,
    controlUrl: `http://127.0.0.1:${actualPort}`,
    close: () =>
      new Promise((resolve) => {
        clearInterval(ticker);
        for (const c of connections) c.socket.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const feed = await startPriceFeed({ port: Number(process.argv[2] ?? 8852), syntheticEveryMs: 3_000 });
  console.log(`Local price feed (SYNTHETIC prices, for local testing only) on ${feed.url}`);
  console.log(`  PRICES_WS_URL=${feed.url} npm start`);
}
