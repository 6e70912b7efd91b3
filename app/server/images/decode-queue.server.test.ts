import { describe, expect, it } from "vitest";
import { DecodeQueueFullError, createDecodeQueue } from "./decode-queue.server";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("the decode queue", () => {
  it("runs at most `concurrency` jobs at once, the rest in arrival order", async () => {
    const queue = createDecodeQueue({ concurrency: 2, maxWaiting: 10 });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let peak = 0;
    const jobs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        peak = Math.max(peak, queue.running);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1]);
    expect(queue.waiting).toBe(3);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(queue.running).toBe(0);
  });

  // A slot freed by a finishing job belongs to the first one waiting. A job that arrives in the few microtasks
  // between the release and the waiter's wake-up must queue behind it, not slip in and run as a second job.
  it("hands a freed slot straight to the next waiter: a job arriving as one ends waits its turn", async () => {
    for (let ticks = 0; ticks < 8; ticks++) {
      const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 10 });
      const gate = deferred();
      const started: string[] = [];
      let peak = 0;
      const job = (name: string, wait?: Promise<void>) =>
        queue.run(async () => {
          started.push(name);
          peak = Math.max(peak, queue.running);
          await (wait ?? new Promise((r) => setTimeout(r, 5)));
        });
      const first = job("first", gate.promise);
      const waiter = job("waiter");
      let late: Promise<void> | undefined;
      gate.resolve();
      let chain = Promise.resolve();
      for (let i = 0; i < ticks; i++) chain = chain.then(() => {});
      void chain.then(() => (late = job("late")));
      await Promise.all([first, waiter]);
      await late;
      expect(started, `a job arriving ${ticks} microtasks after the first ended`).toEqual(["first", "waiter", "late"]);
      expect(peak).toBe(1);
      expect([queue.running, queue.waiting]).toEqual([0, 0]);
    }
  });

  it("refuses a visitor's job once the waiting line is full, but lets background work wait, and frees slots after failures", async () => {
    const queue = createDecodeQueue({ concurrency: 1, maxWaiting: 1 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => "second");
    await expect(queue.run(async () => "third")).rejects.toBeInstanceOf(DecodeQueueFullError);
    const background = queue.run(async () => "background", { background: true });
    gate.resolve();
    await first;
    expect(await second).toBe("second");
    expect(await background).toBe("background");
    await expect(queue.run(() => Promise.reject(new Error("bad picture")))).rejects.toThrow("bad picture");
    expect(await queue.run(async () => "after")).toBe("after");
  });
});
