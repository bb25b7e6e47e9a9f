/**
 * Orders what a room does while it waits on D1 (a Durable Object's input gate does not cover
 * outgoing D1 calls, so two requests can interleave at every await):
 * bets and cancellations run side by side ("shared"); a draw ("exclusive") waits until the ones
 * already running have finished, holds back new ones, and runs alone. So no bet or cancellation
 * is ever written while its round is being settled.
 */
export class RoomGate {
  private readonly running = new Set<Promise<unknown>>();
  private exclusiveTail: Promise<void> = Promise.resolve();
  private exclusiveWaiting = 0;

  async shared<T>(task: () => Promise<T>): Promise<T> {
    while (this.exclusiveWaiting > 0) await this.exclusiveTail;
    const promise = task();
    this.running.add(promise);
    try {
      return await promise;
    } finally {
      this.running.delete(promise);
    }
  }

  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    this.exclusiveWaiting++;
    const previous = this.exclusiveTail;
    let release!: () => void;
    this.exclusiveTail = new Promise<void>((resolve) => (release = resolve));
    try {
      await previous;
      await Promise.allSettled([...this.running]);
      return await task();
    } finally {
      this.exclusiveWaiting--;
      release();
    }
  }
}
