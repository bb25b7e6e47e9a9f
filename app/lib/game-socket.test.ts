import { describe, expect, it } from "vitest";
import { nextRetryDelay, socketUrl } from "./game-socket";

describe("room socket", () => {
  it("uses wss on https pages and ws on http, same origin", () => {
    expect(socketUrl({ protocol: "https:", host: "play.example" }, "/ws/room/16")).toBe(
      "wss://play.example/ws/room/16",
    );
    expect(socketUrl({ protocol: "http:", host: "localhost:8792" }, "/ws/prices")).toBe(
      "ws://localhost:8792/ws/prices",
    );
  });

  it("backs off from 2 s to at most 30 s", () => {
    const delays: number[] = [];
    let delay: number | null = null;
    for (let i = 0; i < 7; i++) delays.push((delay = nextRetryDelay(delay)));
    expect(delays).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
