import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";

// The PricesDO against a real local feed (tests/support/price-feed-server.mjs) on 127.0.0.1. Its alarm subscribes a
// socket 2 s after it opens and reconnects after a doubling delay (worker/prices/prices-do.ts): the tests read when
// it is due and run it now (runDurableObjectAlarm) instead of waiting for it.
const control = inject("pricesFeedControl");
const pricesRoom = () => env.PRICES.get(env.PRICES.idFromName("prices"));
/** The price room's feed state, its next alarm, its clock and the browsers it has, read inside it. */
const inside = () =>
  runInDurableObject(pricesRoom(), async (room, state) => ({
    feed: (await room.snapshot()).feed,
    alarmAtMs: await state.storage.getAlarm(),
    nowMs: Date.now(),
    listeners: state.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length,
  }));
/** Runs the price room's alarm now, as its time would: the subscription, a keep-alive or a reconnect. */
const runAlarm = () => runDurableObjectAlarm(pricesRoom());

type FeedConnection = {
  connectedAtMs: number;
  open: boolean;
  subscriptions: Array<{ channel: string; instId?: string; atMs: number }>;
};

async function feedState(): Promise<FeedConnection[]> {
  return ((await (await fetch(`${control}/state`)).json()) as { connections: FeedConnection[] }).connections;
}
const feed = (action: string, body = "") =>
  fetch(`${control}/${action}`, { method: "POST", body }).then((r) => r.arrayBuffer());

async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 8_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser on /ws/prices, keeping every message it got. */
async function listen() {
  const response = await exports.default.fetch("https://app.test/ws/prices", { headers: { upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: any[] = [];
  socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data))));
  socket.accept();
  return { messages, close: () => socket.close(1000, "bye") };
}

const tickers = (rows: object[]) => JSON.stringify({ arg: { channel: "tickers" }, data: rows });
const openConnections = async () => (await feedState()).filter((c) => c.open);
/** Once the feed socket is open, runs the alarm that subscribes it and returns it subscribed. */
async function subscribedConnection() {
  await eventually(async () => (await inside()).feed === "up", "the feed socket open");
  await runAlarm();
  return eventually(
    async () => (await openConnections()).find((c) => c.subscriptions.some((s) => s.channel === "tickers")),
    "the tickers subscription",
  );
}
const homeHtml = async () =>
  (await exports.default.fetch("https://app.test/", { headers: { "accept-language": "en" } })).text();

describe("market prices", { timeout: 20_000 }, () => {
  it("opens the feed only while a browser listens, subscribes after 2 s, fans out, and closes it after the last one leaves", async () => {
    await feed("drop");
    await eventually(async () => (await openConnections()).length === 0, "no feed socket");
    const before = (await feedState()).length;
    await homeHtml(); // a server-rendered page reads the prices without opening the feed
    expect((await feedState()).length).toBe(before);

    const browser = await listen();
    // the socket opens at once; its subscription is the alarm's, due 2 s later
    const opened = await eventually(async () => (await inside()).feed === "up" && (await openConnections())[0], "open");
    expect(opened.subscriptions).toEqual([]);
    const { alarmAtMs: subscribeAtMs } = await inside();
    expect(subscribeAtMs! - opened.connectedAtMs).toBeGreaterThanOrEqual(1_900);
    expect(subscribeAtMs! - opened.connectedAtMs).toBeLessThan(3_000);
    const connection = await subscribedConnection();
    const [instruments, ...rest] = connection.subscriptions;
    expect(instruments).toMatchObject({ channel: "instruments", instType: "SPOT" });
    // then the keep-alive, 20 s after the socket opened
    const { alarmAtMs: keepAliveAtMs } = await inside();
    expect(keepAliveAtMs! - opened.connectedAtMs).toBeGreaterThanOrEqual(19_900);
    expect(keepAliveAtMs! - opened.connectedAtMs).toBeLessThan(21_000);
    expect(rest.map((s) => s.instId)).toEqual([
      "BTC-USDT",
      "ETH-USDT",
      "USDT-USDC",
      "BNB-USDT",
      "SOL-USDT",
      "USDC-USDT",
      "DOGE-USDT",
      "TRX-USDT",
    ]);

    const second = await listen();
    expect(await openConnections()).toHaveLength(1); // one upstream socket, however many browsers

    await feed("send", tickers([{ instId: "BTC-USDT", last: "97012.5", sodUtc8: "95000", ts: String(Date.now()) }]));
    for (const b of [browser, second]) {
      const message = await eventually(() => b.messages.find((m) => m.prices?.BTC), "BTC in the fan-out");
      expect(message).toMatchObject({ type: "prices", feed: "up", prices: { BTC: { last: 97012.5, sodUtc8: 95000 } } });
    }
    const html = await homeHtml();
    expect(html).toContain("97,012.50");
    expect(html).toContain("+2.12%");
    expect(html).toMatch(/class="price-row" data-coin="BTC"/);

    browser.close();
    await eventually(async () => (await inside()).listeners === 1, "the first browser gone");
    expect(await openConnections()).toHaveLength(1); // the second browser still listens
    second.close();
    await eventually(
      async () => (await openConnections()).length === 0,
      "the feed socket closed after the last browser",
    );
  });

  it("reconnects after the feed drops, telling browsers meanwhile", async () => {
    const browser = await listen();
    await subscribedConnection();
    const seen = browser.messages.length;
    await feed("drop");
    await eventually(() => browser.messages.slice(seen).some((m) => m.feed === "down"), "the feed shown as down");
    // the first retry is due a second after the drop: run now
    const { alarmAtMs, nowMs } = await inside();
    expect(alarmAtMs! - nowMs).toBeGreaterThan(500);
    expect(alarmAtMs! - nowMs).toBeLessThanOrEqual(1_000);
    await runAlarm();
    await subscribedConnection();
    expect(await openConnections()).toHaveLength(1);
    await eventually(() => browser.messages.at(-1)?.feed === "up", "the feed shown as up again");
    browser.close();
    await eventually(async () => (await openConnections()).length === 0, "the feed socket closed");
  });

  it("keeps trying while the feed refuses, and takes prices once it answers", async () => {
    await feed("refuse?on=1");
    const browser = await listen();
    await eventually(() => browser.messages.some((m) => m.feed === "down"), "the feed shown as down");
    // each refused try doubles the wait before the next: 1 s, 2 s, 4 s (up to a minute)
    for (const delayMs of [1_000, 2_000, 4_000]) {
      const { feed: state, alarmAtMs, nowMs } = await inside();
      expect(state).toBe("down");
      expect(alarmAtMs! - nowMs, `the retry after ${delayMs} ms`).toBeGreaterThan(delayMs - 500);
      expect(alarmAtMs! - nowMs, `the retry after ${delayMs} ms`).toBeLessThanOrEqual(delayMs);
      if (delayMs < 4_000) expect(await runAlarm()).toBe(true);
    }
    await feed("refuse?on=0");
    await runAlarm();
    await subscribedConnection();
    await feed("send", tickers([{ instId: "ETH-USDT", last: "3000", sodUtc8: "3100", ts: String(Date.now()) }]));
    await eventually(() => browser.messages.find((m) => m.prices?.ETH?.last === 3000), "ETH after the reconnect");
    browser.close();
    await eventually(async () => (await openConnections()).length === 0, "the feed socket closed");
  });

  it("marks a price older than 60 s as stale and ignores malformed rows", async () => {
    const browser = await listen();
    await subscribedConnection();
    await feed(
      "send",
      tickers([
        { instId: "SOL-USDT", last: "150", sodUtc8: "140", ts: String(Date.now() - 70_000) },
        { instId: "TRX-USDT", last: "not a number", sodUtc8: "0.2" },
        { instId: "XRP-USDT", last: "2", sodUtc8: "2" },
      ]),
    );
    await eventually(() => browser.messages.find((m) => m.prices?.SOL), "SOL in the fan-out");
    const html = await homeHtml();
    expect(html).toMatch(/class="price-row is-stale" data-coin="SOL"/);
    expect(html).toContain("more than a minute old");
    expect(html).not.toContain("XRP");
    expect(html).toMatch(/data-coin="TRX"[\s\S]*?No price/);
    browser.close();
    await eventually(async () => (await openConnections()).length === 0, "the feed socket closed");
  });

  it("refuses a socket from another origin and a plain request", async () => {
    const foreign = await exports.default.fetch("https://app.test/ws/prices", {
      headers: { upgrade: "websocket", origin: "https://evil.test" },
    });
    expect(foreign.status).toBe(403);
    await foreign.arrayBuffer();
    const plain = await exports.default.fetch("https://app.test/ws/prices");
    expect(plain.status).toBe(426);
    await plain.arrayBuffer();
  });
});
