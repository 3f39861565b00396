import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { raiseAfterYield, useProgressiveCount, yieldToMain } from './use-progressive-count';

function Items({ total, first }: { total: number; first: number }) {
  const count = useProgressiveCount(total, first);
  return (
    <ul>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>{index}</li>
      ))}
    </ul>
  );
}

function renderedItems(total: number, first: number): number {
  return renderToString(<Items total={total} first={first} />).match(/<li>/g)?.length ?? 0;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useProgressiveCount', () => {
  it('renders only the first items on the first render, the one the server and the hydrating client share', () => {
    expect(renderedItems(24, 4)).toBe(4);
  });

  it('renders a short list whole at once', () => {
    expect(renderedItems(3, 4)).toBe(3);
    expect(renderedItems(0, 4)).toBe(0);
  });

  it('renders the same count whatever the screen, as the server cannot know it', () => {
    vi.stubGlobal('window', { innerWidth: 1920, innerHeight: 1080, matchMedia: () => ({ matches: true }) });
    expect(renderedItems(24, 4)).toBe(4);
  });
});

describe('raiseAfterYield', () => {
  it('raises only after giving the main thread back, not in the task that painted the first items', async () => {
    const raise = vi.fn();
    raiseAfterYield(raise);
    expect(raise).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(raise).toHaveBeenCalledTimes(1));
  });

  it('does not raise a list that left the page before the yield ended', async () => {
    const raise = vi.fn();
    const cancel = raiseAfterYield(raise);
    cancel();
    const later = vi.fn();
    raiseAfterYield(later);
    await vi.waitFor(() => expect(later).toHaveBeenCalled());
    expect(raise).not.toHaveBeenCalled();
  });
});

describe('yieldToMain', () => {
  it('uses scheduler.yield() where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });

  it('falls back to a new task where it does not, so queued tasks run first', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('after the yield');
    expect(order).toEqual(['queued task', 'after the yield']);
  });
});
