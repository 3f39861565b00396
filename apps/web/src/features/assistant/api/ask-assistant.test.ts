import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAssistantMessage, TAssistantStreamEvent } from '@pulse/contract/assistant';
import { AskFailureError } from '../utils/describe-ask-failure';
import { askAssistant } from './ask-assistant';

const USER_ID = '00000000-0000-4000-8000-000000000001';
const ANSWER_ID = '00000000-0000-4000-8000-000000000002';

function message(id: string, role: 'user' | 'assistant', text: string): TAssistantMessage {
  return { id, role, text, blocks: [], suggestions: [], intent: null, source: role === 'user' ? 'user' : 'engine', createdAt: '2026-11-25T08:00:00.000Z' };
}

const CONTEXT = { lastIntent: 'greeting' as const, filters: null, productIds: [], orderId: null };

function ndjsonResponse(chunks: readonly string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'application/x-ndjson' } });
}

function line(event: unknown): string {
  return `${JSON.stringify(event)}\n`;
}

async function ask(response: Response | Error) {
  const fetchMock = vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
  vi.stubGlobal('fetch', fetchMock);
  const events: TAssistantStreamEvent[] = [];
  const result = askAssistant({ text: 'hello', position: null, context: null }, (event) => events.push(event));
  return { result, events, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('askAssistant', () => {
  it('hands over the question, the growing text and the whole answer in order', async () => {
    const done = { type: 'done', message: message(ANSWER_ID, 'assistant', 'Hello there'), context: CONTEXT };
    const whole = line({ type: 'user', message: message(USER_ID, 'user', 'hello') }) + line({ type: 'delta', text: 'Hello ' }) + line({ type: 'delta', text: 'there' }) + line(done);
    // Cut the stream at awkward places: mid-line and mid-word.
    const { result, events, fetchMock } = await ask(ndjsonResponse([whole.slice(0, 30), whole.slice(30, 150), whole.slice(150)]));

    await expect(result).resolves.toMatchObject({ type: 'done', message: { text: 'Hello there' } });
    expect(events.map((event) => event.type)).toEqual(['user', 'delta', 'delta', 'done']);
    expect(fetchMock).toHaveBeenCalledWith('/api/assistant/messages', expect.objectContaining({ method: 'POST', body: JSON.stringify({ text: 'hello', position: null, context: null }) }));
  });

  it('turns an error event into a failure that says what the server said', async () => {
    const { result, events } = await ask(ndjsonResponse([line({ type: 'user', message: message(USER_ID, 'user', 'hello') }), line({ type: 'error', message: 'The catalogue is busy, please try again.' })]));
    await expect(result).rejects.toThrow('The catalogue is busy, please try again.');
    expect(events.map((event) => event.type)).toEqual(['user']);
  });

  it('says politely when the person asks too fast (429)', async () => {
    const { result } = await ask(new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }), { status: 429 }));
    await expect(result).rejects.toThrow('You are asking a little fast. Please wait a moment and try again.');
  });

  it('says when the server cannot be reached', async () => {
    const { result } = await ask(new TypeError('Failed to fetch'));
    const failure = await result.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AskFailureError);
    expect((failure as AskFailureError).failure).toEqual({ kind: 'network' });
  });

  it('treats a stream that ends before the answer as cut off', async () => {
    const { result } = await ask(ndjsonResponse([line({ type: 'delta', text: 'Half an ans' })]));
    await expect(result).rejects.toThrow('The answer was cut off. Please try again.');
  });

  it('skips events it does not know and keeps reading', async () => {
    const done = { type: 'done', message: message(ANSWER_ID, 'assistant', 'Hi'), context: CONTEXT };
    const { result, events } = await ask(ndjsonResponse([line({ type: 'progress', step: 1 }), line(done)]));
    await expect(result).resolves.toMatchObject({ type: 'done' });
    expect(events.map((event) => event.type)).toEqual(['done']);
  });
});
