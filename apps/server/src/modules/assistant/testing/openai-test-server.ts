import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions server for tests and the bench (issue 14): a real HTTP
 * server on 127.0.0.1 that answers POST /v1/chat/completions from a script, as JSON or, when the
 * request asks for `stream: true`, as server-sent events in OpenAI's chunk format. It records every
 * request so a test can assert the tools and schemas sent and the tool results sent back.
 *
 * The app's model client talks to it exactly as it talks to Ollama, vLLM or llama.cpp: point
 * ASSISTANT_LLM_URL at `server.url` (it ends in /v1).
 */

/** One answer of the script. */
export type OpenAiScriptStep =
  /** The model calls tools; `arguments` is sent as a JSON string (a string is sent as it is, e.g. broken JSON). */
  | { type: 'tool_calls'; calls: Array<{ name: string; arguments: unknown; id?: string }>; content?: string }
  /** The model's final words. */
  | { type: 'text'; content: string }
  /** An HTTP error with this body. */
  | { type: 'status'; status: number; body?: string }
  /** A 200 with this body as it is (garbage JSON, a wrong shape). */
  | { type: 'raw'; body: string; contentType?: string }
  /** No answer until the client gives up (a time-out), with no timer on the server side. */
  | { type: 'hang' };

/** The script: answers in order (the last one repeats), or a function of the request. */
export type OpenAiScript = OpenAiScriptStep[] | ((request: RecordedChatRequest, index: number) => OpenAiScriptStep);

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters: Record<string, unknown> } }>;
  stream?: boolean;
  [key: string]: unknown;
}

export interface RecordedChatRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: ChatRequestBody;
}

export interface OpenAiTestServer {
  /** Base URL for ASSISTANT_LLM_URL, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: RecordedChatRequest[];
  /** The tool messages (role "tool") of a request, their content parsed as JSON. */
  toolResults(request: RecordedChatRequest): unknown[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

let completionCounter = 0;

function toolCallsOf(step: Extract<OpenAiScriptStep, { type: 'tool_calls' }>) {
  return step.calls.map((call, index) => ({
    id: call.id ?? `call_${completionCounter}_${index}`,
    type: 'function' as const,
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
  }));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function completion(model: string, message: Record<string, unknown>, finishReason: string) {
  return {
    id: `chatcmpl-test-${completionCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

/** Server-sent events the way OpenAI streams: role first, content in pieces, tool-call arguments in pieces, [DONE]. */
function sendStream(response: ServerResponse, model: string, step: Extract<OpenAiScriptStep, { type: 'text' | 'tool_calls' }>): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    response.write(
      `data: ${JSON.stringify({
        id: `chatcmpl-test-${completionCounter}`,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' });
  const content = step.content ?? '';
  for (const piece of content.match(/\S+\s*|\s+/g) ?? []) chunk({ content: piece });
  if (step.type === 'tool_calls') {
    toolCallsOf(step).forEach((call, index) => {
      const half = Math.ceil(call.function.arguments.length / 2);
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments.slice(0, half) } }] });
      chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] });
    });
  }
  chunk({}, step.type === 'tool_calls' ? 'tool_calls' : 'stop');
  response.end('data: [DONE]\n\n');
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startOpenAiTestServer(script: OpenAiScript): Promise<OpenAiTestServer> {
  const requests: RecordedChatRequest[] = [];

  const stepFor = (recorded: RecordedChatRequest, index: number): OpenAiScriptStep => {
    if (typeof script === 'function') return script(recorded, index);
    const step = script[Math.min(index, script.length - 1)];
    if (!step) throw new Error('empty script');
    return step;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        sendJson(response, 404, { error: { message: `No route ${request.method} ${path}`, type: 'invalid_request_error' } });
        return;
      }
      const raw = await readBody(request);
      let body: ChatRequestBody;
      try {
        body = JSON.parse(raw) as ChatRequestBody;
      } catch {
        sendJson(response, 400, { error: { message: 'Body is not JSON', type: 'invalid_request_error' } });
        return;
      }
      const recorded: RecordedChatRequest = { method: request.method, path, authorization: request.headers.authorization ?? null, body };
      const index = requests.length;
      requests.push(recorded);
      completionCounter += 1;
      const step = stepFor(recorded, index);
      const model = body.model ?? 'test-model';

      switch (step.type) {
        case 'hang':
          // Held open until the client aborts (its time-out) or the server closes.
          return;
        case 'status':
          response.writeHead(step.status, { 'content-type': 'application/json' });
          response.end(step.body ?? JSON.stringify({ error: { message: 'Scripted failure', type: 'server_error' } }));
          return;
        case 'raw':
          response.writeHead(200, { 'content-type': step.contentType ?? 'application/json' });
          response.end(step.body);
          return;
        case 'text':
        case 'tool_calls':
          if (body.stream) {
            sendStream(response, model, step);
            return;
          }
          if (step.type === 'text') {
            sendJson(response, 200, completion(model, { role: 'assistant', content: step.content }, 'stop'));
          } else {
            sendJson(response, 200, completion(model, { role: 'assistant', content: step.content ?? null, tool_calls: toolCallsOf(step) }, 'tool_calls'));
          }
      }
    })().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error), type: 'server_error' } });
      else response.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    toolResults(request) {
      return request.body.messages
        .filter((message) => message.role === 'tool')
        .map((message) => {
          try {
            return JSON.parse(message.content ?? 'null') as unknown;
          } catch {
            return message.content;
          }
        });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
