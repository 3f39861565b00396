import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjson';

const encoder = new TextEncoder();

function streamOf(chunks: readonly (string | Uint8Array<ArrayBuffer>)[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<unknown[]> {
  const lines: unknown[] = [];
  for await (const line of readNdjson(stream)) lines.push(line);
  return lines;
}

describe('readNdjson', () => {
  it('reads one event per line, several lines in one chunk', async () => {
    const lines = await collect(streamOf(['{"type":"user"}\n{"type":"delta","text":"Hi"}\n{"type":"done"}\n']));
    expect(lines).toEqual([{ type: 'user' }, { type: 'delta', text: 'Hi' }, { type: 'done' }]);
  });

  it('joins a line split over several chunks', async () => {
    const lines = await collect(streamOf(['{"type":"del', 'ta","te', 'xt":"Tomatoes"}', '\n{"type":', '"done"}\n']));
    expect(lines).toEqual([{ type: 'delta', text: 'Tomatoes' }, { type: 'done' }]);
  });

  it('keeps characters whose bytes are split between chunks', async () => {
    const bytes = encoder.encode('{"type":"delta","text":"Fresh 🍅 in Ejisu"}\n');
    const cut = bytes.indexOf(0xf0) + 2; // inside the emoji's four bytes
    const lines = await collect(streamOf([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(lines).toEqual([{ type: 'delta', text: 'Fresh 🍅 in Ejisu' }]);
  });

  it('reads a last line without a new line, and skips blank lines', async () => {
    const lines = await collect(streamOf(['\n{"a":1}\r\n\n', '{"b":2}']));
    expect(lines).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('gives the lines read so far, then fails on a line that is not JSON', async () => {
    const lines: unknown[] = [];
    await expect(async () => {
      for await (const line of readNdjson(streamOf(['{"a":1}\n<html>oops\n']))) lines.push(line);
    }).rejects.toThrow(SyntaxError);
    expect(lines).toEqual([{ a: 1 }]);
  });
});
