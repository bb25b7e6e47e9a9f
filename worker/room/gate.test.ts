import { describe, expect, it } from "vitest";
import { RoomGate } from "./gate";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("RoomGate", () => {
  it("lets shared tasks overlap", async () => {
    const gate = new RoomGate();
    const a = deferred();
    const log: string[] = [];
    const first = gate.shared(async () => {
      log.push("a start");
      await a.promise;
      log.push("a end");
    });
    const second = gate.shared(async () => {
      log.push("b");
    });
    await second;
    expect(log).toEqual(["a start", "b"]);
    a.resolve();
    await first;
    expect(log).toEqual(["a start", "b", "a end"]);
  });

  it("makes an exclusive task wait for running shared tasks and hold back new ones", async () => {
    const gate = new RoomGate();
    const bet = deferred();
    const log: string[] = [];
    const running = gate.shared(async () => {
      await bet.promise;
      log.push("bet written");
    });
    const draw = gate.exclusive(async () => {
      log.push("draw");
    });
    const late = gate.shared(async () => {
      log.push("late bet");
    });
    await tick();
    expect(log).toEqual([]);
    bet.resolve();
    await Promise.all([running, draw, late]);
    expect(log).toEqual(["bet written", "draw", "late bet"]);
  });

  it("runs exclusive tasks one at a time, in order, even when one fails", async () => {
    const gate = new RoomGate();
    const log: string[] = [];
    const slow = deferred();
    const first = gate.exclusive(async () => {
      log.push("first start");
      await slow.promise;
      throw new Error("boom");
    });
    const second = gate.exclusive(async () => {
      log.push("second");
      return 2;
    });
    await tick();
    expect(log).toEqual(["first start"]);
    slow.resolve();
    await expect(first).rejects.toThrow("boom");
    await expect(second).resolves.toBe(2);
    expect(log).toEqual(["first start", "second"]);
    await expect(gate.shared(async () => "after")).resolves.toBe("after");
  });
});
