import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTurnQueue, yieldToBrowser } from './turns.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createTurnQueue', () => {
  it('runs one piece at a time, each after a turn for the browser, in the order asked', async () => {
    // The browser's turns, handed out one by one.
    const turns: (() => void)[] = [];
    const inTurn = createTurnQueue(() => new Promise<void>((resolve) => turns.push(resolve)));
    const ran: string[] = [];
    const first = inTurn(() => ran.push('faq'));
    const second = inTurn(() => ran.push('carousel'));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    // Nothing runs in the task that asked: the browser gets its turn first.
    expect(ran).toEqual([]);
    expect(turns).toHaveLength(1);
    turns.shift()?.();
    await settle();
    expect(ran).toEqual(['faq']);
    // The second piece asks for its own turn only once the first has run.
    expect(turns).toHaveLength(1);
    turns.shift()?.();
    await expect(first).resolves.toBe(1);
    await expect(second).resolves.toBe(2);
    expect(ran).toEqual(['faq', 'carousel']);
  });

  it('goes on after a piece that fails', async () => {
    const inTurn = createTurnQueue(() => Promise.resolve());
    const failed = inTurn(() => Promise.reject(new Error('chunk gone')));
    const next = inTurn(() => 'hydrated');
    await expect(failed).rejects.toThrow('chunk gone');
    await expect(next).resolves.toBe('hydrated');
  });

  it('waits for the piece before to finish, however long its code takes to come', async () => {
    let arrive: () => void = () => undefined;
    const inTurn = createTurnQueue(() => Promise.resolve());
    const ran: string[] = [];
    void inTurn(
      () =>
        new Promise<void>((resolve) => {
          arrive = () => {
            ran.push('first');
            resolve();
          };
        }),
    );
    const second = inTurn(() => ran.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual([]);
    arrive();
    await second;
    expect(ran).toEqual(['first', 'second']);
  });
});

describe('yieldToBrowser', () => {
  it('uses scheduler.yield where the browser has it', async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    try {
      await yieldToBrowser();
      expect(yielded).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
