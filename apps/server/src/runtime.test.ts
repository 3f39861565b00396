import { describe, expect, it } from 'vitest';
import { inCaretRange, pinnedNode } from './testing/pinned-node';

/**
 * The tests run on the Node the project pins (decision 044), not on the machine's own: on a
 * machine whose system Node is 20, `npm test` and `npx vitest` must still find node_modules/.bin/node.
 */
describe('the runtime', () => {
  it('is the Node package.json pins', () => {
    const { engines, exact } = pinnedNode();
    console.log(`[runtime] vitest worker (server project): Node ${process.version} (${process.execPath})`);
    expect(inCaretRange(process.version, engines), `Node ${process.version} is outside engines.node ${engines}`).toBe(true);
    if (exact) expect(process.version).toBe(`v${exact}`);
  });

  it.each([
    ['v24.21.0', '^24.21.0', true],
    ['v24.22.1', '^24.21.0', true],
    ['v24.20.9', '^24.21.0', false],
    ['v20.20.2', '^24.21.0', false],
    ['v25.0.0', '^24.21.0', false],
  ])('%s in %s: %s', (version, range, inside) => {
    expect(inCaretRange(version, range)).toBe(inside);
  });
});
