import { DurableObject } from "cloudflare:workers";
import { readConfig } from "../config";
import type { Coin } from "#shared/prices/coins";
import { SUBSCRIBE_DELAY_MS, instrumentsSubscription, readFeedMessage, tickersSubscription } from "./feed-protocol";
import type { CoinPrice, FeedState, PriceSnapshot } from "#shared/prices/snapshot";

const KEEPALIVE_MS = 20_000; // the feed closes a socket that sends nothing for 30 s
const SILENT_FEED_MS = 65_000; // no message at all for this long: the socket is dead, open a new one
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;
const FAN_OUT_EVERY_MS = 1_000; // tickers arrive in bursts; browsers get at most one message a second

/**
 * The market prices (docs/product.md#market-prices): the only socket to the upstream feed, open only while a browser
 * listens on /ws/prices; the last ticker per coin with its time, kept in storage; one message a second
 * at most to every browser. One alarm drives the socket's life: the subscription 2 s after it opens, the
 * keep-alive and watchdog, and the reconnects with backoff, so eviction loses nothing and the tests run each step
 * (runDurableObjectAlarm, tests/prices.test.ts) instead of waiting for it.
 */
export class PricesDO extends DurableObject<Env> {
  private prices: Partial<Record<Coin, CoinPrice>> = {};
  private upstream: WebSocket | null = null;
  private connecting: Promise<void> | null = null;
  private feed: FeedState = "idle";
  private retryDelayMs: number | null = null;
  private openedAtMs = 0;
  /** Whether the open socket was sent its subscriptions (the alarm sends them SUBSCRIBE_DELAY_MS after it opened). */
  private subscribed = false;
  private lastMessageAtMs = 0;
  private fanOutTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.prices = (await ctx.storage.get<Partial<Record<Coin, CoinPrice>>>("prices")) ?? {};
    });
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The last prices for a server-rendered page; reading never opens the upstream socket. */
  async snapshot(): Promise<PriceSnapshot> {
    return { feed: this.feedUrl() ? this.feed : "off", prices: this.prices, nowMs: Date.now() };
  }

  /** A browser starts listening: it gets the last prices at once, and the feed is opened if it is not. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket", { status: 426 });
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    // A feed that hangs must not hold up the page: the socket is answered now, the prices follow.
    if (this.feedUrl() && !this.upstream && !this.connecting && this.feed !== "down")
      this.ctx.waitUntil(this.ensureFeed());
    server.send(this.message());
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(): Promise<void> {
    // Browsers send nothing but pings (answered by the auto-response).
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
    if (this.listeners(ws) === 0) this.closeUpstream();
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    if (this.listeners(ws) === 0) this.closeUpstream();
  }

  /**
   * Subscription, keep-alive, watchdog and reconnect in one: runs 2 s after the socket opens, then every 20 s while
   * anyone listens, sooner after a drop.
   */
  async alarm(): Promise<void> {
    if (this.listeners() === 0) return this.closeUpstream();
    if (this.upstream && !this.subscribed) return this.subscribe(this.upstream);
    if (this.upstream && Date.now() - this.lastMessageAtMs > SILENT_FEED_MS) {
      console.error(JSON.stringify({ prices: "feed silent, reconnecting" }));
      this.dropUpstream(this.upstream);
    }
    if (!this.upstream) {
      await this.ensureFeed();
      if (!this.upstream) return; // ensureFeed() scheduled the retry
    }
    try {
      this.upstream.send("ping");
    } catch {
      // the close event follows
    }
    await this.ctx.storage.setAlarm(Date.now() + KEEPALIVE_MS);
  }

  private feedUrl(): string {
    return readConfig(this.env).pricesWsUrl;
  }

  private listeners(leaving?: WebSocket): number {
    return this.ctx.getWebSockets().filter((ws) => ws !== leaving && ws.readyState === WebSocket.OPEN).length;
  }

  private ensureFeed(): Promise<void> {
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const url = this.feedUrl();
    if (!url) return;
    this.setFeed("connecting");
    let socket: WebSocket | null = null;
    try {
      const response = await fetch(url.replace(/^ws/i, "http"), {
        headers: { upgrade: "websocket" },
        signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS),
      });
      socket = response.webSocket;
      if (!socket) throw new Error(`the feed answered HTTP ${response.status} instead of a WebSocket`);
    } catch (error) {
      console.error(JSON.stringify({ prices: "feed unreachable", error: String(error) }));
      return this.upstreamLost(null);
    }
    socket.accept();
    this.upstream = socket;
    this.subscribed = false;
    this.openedAtMs = this.lastMessageAtMs = Date.now();
    socket.addEventListener("message", (event) => this.onFeedMessage(event.data));
    socket.addEventListener("close", () => this.upstreamLost(socket));
    socket.addEventListener("error", () => this.upstreamLost(socket));
    this.setFeed("up");
    await this.ctx.storage.setAlarm(this.openedAtMs + SUBSCRIBE_DELAY_MS);
  }

  /** The instruments channel, then the tickers; the first keep-alive follows 20 s after the socket opened. */
  private async subscribe(socket: WebSocket) {
    this.subscribed = true;
    try {
      socket.send(instrumentsSubscription());
      socket.send(tickersSubscription());
    } catch {
      // the close event follows
    }
    await this.ctx.storage.setAlarm(this.openedAtMs + KEEPALIVE_MS);
  }

  private onFeedMessage(data: string | ArrayBuffer) {
    const receivedAtMs = Date.now();
    this.lastMessageAtMs = receivedAtMs;
    const message = readFeedMessage(typeof data === "string" ? data : new TextDecoder().decode(data), receivedAtMs);
    if (message.kind === "error") console.error(JSON.stringify({ prices: "feed error", message: message.message }));
    if (message.kind !== "tickers") return;
    this.retryDelayMs = null;
    for (const [coin, price] of message.prices) this.prices[coin] = price;
    this.fanOutTimer ??= setTimeout(() => {
      this.fanOutTimer = undefined;
      this.broadcast();
      this.ctx.storage
        .put("prices", this.prices)
        .catch((error) => console.error(JSON.stringify({ prices: "store", error: String(error) })));
    }, FAN_OUT_EVERY_MS);
  }

  /** The socket closed or failed: retry after a doubling delay while anyone listens. */
  private upstreamLost(socket: WebSocket | null) {
    if (socket && socket !== this.upstream) return;
    this.dropUpstream(socket);
    if (this.listeners() === 0) return this.setFeed("idle");
    this.setFeed("down");
    this.retryDelayMs = this.retryDelayMs === null ? RETRY_FIRST_MS : Math.min(this.retryDelayMs * 2, RETRY_MAX_MS);
    this.ctx.storage.setAlarm(Date.now() + this.retryDelayMs).catch(() => {});
  }

  private dropUpstream(socket: WebSocket | null) {
    if (socket === this.upstream) this.upstream = null;
    try {
      socket?.close(1000, "closing");
    } catch {
      // already closed
    }
  }

  /** Nobody listens any more: the feed socket is closed and nothing is scheduled. */
  private closeUpstream() {
    this.dropUpstream(this.upstream);
    this.retryDelayMs = null;
    if (this.feed !== "off") this.setFeed("idle");
    this.ctx.storage.deleteAlarm().catch(() => {});
  }

  private setFeed(feed: FeedState) {
    if (this.feed === feed) return;
    this.feed = feed;
    this.broadcast();
  }

  private message(): string {
    return JSON.stringify({
      type: "prices",
      feed: this.feedUrl() ? this.feed : "off",
      prices: this.prices,
      nowMs: Date.now(),
    });
  }

  private broadcast() {
    const text = this.message();
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // a socket closing right now
      }
    }
  }
}
