import { ZAssistantStreamEvent, type TAssistantAskRequest, type TAssistantStreamEvent } from '@pulse/contract/assistant';
import { API_URL } from '../../../config/env';
import { SESSION_KEYS, readSessionValue } from '../../../lib/session-keys';
import { AskFailureError } from '../utils/describe-ask-failure';
import { readNdjson } from '../utils/ndjson';

export const ASK_ASSISTANT_PATH = '/api/assistant/messages';

async function readServerMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
    const error: unknown = body.error;
    if (typeof error !== 'object' || error === null || !('message' in error) || typeof error.message !== 'string') return undefined;
    return error.message;
  } catch {
    return undefined;
  }
}

/**
 * Asks Pulse Assistant and hands each event of the NDJSON answer to `onEvent` as it arrives
 * (`user`, `delta`..., `done`). Resolves after `done`; rejects with an AskFailureError on a network
 * failure, an HTTP error (429 rate limit...), an `error` event or a stream that ends without `done`.
 */
export async function askAssistant(
  request: TAssistantAskRequest,
  onEvent: (event: TAssistantStreamEvent) => void,
  signal?: AbortSignal,
): Promise<Extract<TAssistantStreamEvent, { type: 'done' }>> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/x-ndjson' });
  const token = readSessionValue(SESSION_KEYS.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(`${API_URL}${ASK_ASSISTANT_PATH}`, { method: 'POST', headers, body: JSON.stringify(request), credentials: 'include', signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new AskFailureError({ kind: 'network' }, { cause });
  }
  if (!response.ok) throw new AskFailureError({ kind: 'http', status: response.status, serverMessage: await readServerMessage(response) });
  if (!response.body) throw new AskFailureError({ kind: 'cut-off' });

  try {
    for await (const line of readNdjson(response.body)) {
      const parsed = ZAssistantStreamEvent.safeParse(line);
      // An event this version does not know is skipped, not fatal.
      if (!parsed.success) continue;
      const event = parsed.data;
      if (event.type === 'error') throw new AskFailureError({ kind: 'stream', message: event.message });
      onEvent(event);
      if (event.type === 'done') return event;
    }
  } catch (cause) {
    if (cause instanceof AskFailureError) throw cause;
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new AskFailureError({ kind: 'cut-off' }, { cause });
  }
  throw new AskFailureError({ kind: 'cut-off' });
}
