import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance } from 'fastify';
import {
  ASSISTANT_HISTORY_LIMIT,
  ASSISTANT_MESSAGE_MAX_LENGTH,
  type TAssistantAskRequest,
  type TAssistantBlock,
  type TAssistantContext,
  type TAssistantConversation,
  type TAssistantMessage,
  type TAssistantStreamEvent,
} from '@pulse/contract/assistant';
import { createId } from '../../db/new-id';
import type { AssistantMessageRow } from '../../db/schema/assistant';
import type { UserRow } from '../../db/schema/users';
import { translatorFor } from '../../i18n/translator';
import { answerWithEngine, type EngineOptions } from './assistant-engine';
import { ASSISTANT_LLM_HISTORY_MESSAGES, answerWithModel } from './assistant-llm';
import { deleteMessages, findLastContext, insertMessagesAndTrim, listRecentMessages } from './assistant-repository';

/**
 * One question to the Pulse Assistant, answered as a stream of events (issue 14 §1, §4, §6): the
 * question (`user`), the answer's words (`delta`), then the whole answer and the context (`done`).
 * Signed-in people's questions and answers are stored (the last ASSISTANT_HISTORY_LIMIT) and their
 * context comes from their last stored answer; a visitor's context comes from the browser and
 * nothing is stored. With a model configured it words the answer; when it fails the engine answers.
 */

export const ASSISTANT_FAILED = msg`Sorry, something went wrong while answering. Please try again.`;
/** The failure in English (tests; other languages through `ASSISTANT_FAILED`). */
export const ASSISTANT_FAILED_MESSAGE = ASSISTANT_FAILED.message as string;

const EMPTY_CONTEXT: TAssistantContext = { lastIntent: null, filters: null, productIds: [], orderId: null };

export function toMessageJson(row: AssistantMessageRow): TAssistantMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    blocks: row.blocks,
    suggestions: row.suggestions,
    intent: row.intent ?? null,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A long question is kept shortened (never stored whole). */
function storedQuestion(text: string): string {
  return text.length > ASSISTANT_MESSAGE_MAX_LENGTH ? `${text.slice(0, ASSISTANT_MESSAGE_MAX_LENGTH)}…` : text;
}

/** "a few words" per delta event, so the answer appears as it is written. */
export function wordChunks(text: string, wordsPerChunk = 4): string[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < pieces.length; index += wordsPerChunk) chunks.push(pieces.slice(index, index + wordsPerChunk).join(''));
  return chunks;
}

/** The context a model answer leaves: the products and the order it showed. */
function contextFromBlocks(previous: TAssistantContext, blocks: readonly TAssistantBlock[]): TAssistantContext {
  const products = blocks.find((block) => block.type === 'products');
  const orders = blocks.find((block) => block.type === 'orders');
  return {
    lastIntent: previous.lastIntent,
    filters: previous.filters,
    productIds: products?.type === 'products' ? products.items.slice(0, 6).map((item) => item.id) : previous.productIds,
    orderId: orders?.type === 'orders' ? (orders.items[0]?.id ?? previous.orderId) : previous.orderId,
  };
}

export interface AskOptions {
  /** Stops writing when the client went away (the answer is still stored). */
  isClosed?: () => boolean;
  engine?: Pick<EngineOptions, 'understanding'>;
  now?: Date;
  /** The caller's language (`request.i18n`): answers, chips and the failure text are written in it. */
  i18n?: I18n;
}

/**
 * Answers `body.text` as `caller` (null = a visitor), handing each event to `emit`. Failures after
 * the first event become an `error` event (logged); nothing throws once the stream started.
 */
export async function askAssistant(
  app: FastifyInstance,
  caller: UserRow | null,
  body: TAssistantAskRequest,
  emit: (event: TAssistantStreamEvent) => void | Promise<void>,
  options: AskOptions = {},
): Promise<void> {
  const isClosed = options.isClosed ?? (() => false);
  const send = async (event: TAssistantStreamEvent) => {
    if (!isClosed()) await emit(event);
  };
  try {
    const text = body.text;
    const now = options.now ?? new Date();
    let context: TAssistantContext;
    let history: Array<{ role: 'user' | 'assistant'; text: string }> = [];
    let question: TAssistantMessage;
    if (caller) {
      const [lastContext, recent] = await Promise.all([
        findLastContext(app.db, caller.id),
        app.config.assistantLlm ? listRecentMessages(app.db, caller.id, ASSISTANT_LLM_HISTORY_MESSAGES) : Promise.resolve([]),
      ]);
      context = lastContext ?? EMPTY_CONTEXT;
      history = recent.map((row) => ({ role: row.role, text: row.text }));
      const [row] = await insertMessagesAndTrim(
        app.db,
        [{ userId: caller.id, role: 'user', text: storedQuestion(text), blocks: [], suggestions: [], intent: null, source: 'user', context: null }],
        ASSISTANT_HISTORY_LIMIT,
      );
      question = toMessageJson(row!);
    } else {
      context = body.context ?? EMPTY_CONTEXT;
      question = {
        id: createId(),
        role: 'user',
        text: storedQuestion(text),
        blocks: [],
        suggestions: [],
        intent: null,
        source: 'user',
        createdAt: now.toISOString(),
      };
    }
    await send({ type: 'user', message: question });

    const position = body.position ?? null;
    const plain = text.trim() !== '' && text.length <= ASSISTANT_MESSAGE_MAX_LENGTH;
    let streamed = false;
    const model =
      app.config.assistantLlm && plain
        ? await answerWithModel(app, caller, text, history, context, {
            position,
            now,
            locale: options.i18n?.locale,
            onDelta: (piece) => {
              streamed = true;
              if (!isClosed()) void emit({ type: 'delta', text: piece });
            },
          })
        : null;

    let result: { text: string; blocks: TAssistantBlock[]; suggestions: string[]; intent: TAssistantMessage['intent']; source: 'engine' | 'model'; context: TAssistantContext };
    if (model) {
      result = { text: model.text, blocks: model.blocks, suggestions: [], intent: null, source: 'model', context: contextFromBlocks(context, model.blocks) };
    } else {
      const engine = await answerWithEngine(app, caller, text, context, { position, now, i18n: options.i18n, ...options.engine });
      result = engine;
    }
    // The model's words went out as it wrote them; the engine's (or the fallback's) go out now.
    if (!model || !streamed) {
      if (streamed) await send({ type: 'delta', text: '\n\n' });
      for (const chunk of wordChunks(result.text)) {
        if (isClosed()) break;
        await send({ type: 'delta', text: chunk });
      }
    }

    let message: TAssistantMessage;
    if (caller) {
      const [row] = await insertMessagesAndTrim(
        app.db,
        [
          {
            userId: caller.id,
            role: 'assistant',
            text: result.text,
            blocks: result.blocks,
            suggestions: result.suggestions,
            intent: result.intent,
            source: result.source,
            context: result.context,
          },
        ],
        ASSISTANT_HISTORY_LIMIT,
      );
      message = toMessageJson(row!);
    } else {
      message = {
        id: createId(),
        role: 'assistant',
        text: result.text,
        blocks: result.blocks,
        suggestions: result.suggestions,
        intent: result.intent,
        source: result.source,
        createdAt: new Date().toISOString(),
      };
    }
    await send({ type: 'done', message, context: result.context });
  } catch (error) {
    app.log.error({ err: error }, 'Pulse Assistant answer failed');
    await send({ type: 'error', message: (options.i18n ?? translatorFor('en'))._(ASSISTANT_FAILED) });
  }
}

/** GET /api/assistant/conversation: the last ASSISTANT_HISTORY_LIMIT messages, oldest first. */
export async function getConversation(app: FastifyInstance, caller: UserRow): Promise<TAssistantConversation> {
  const rows = await listRecentMessages(app.db, caller.id, ASSISTANT_HISTORY_LIMIT);
  return { messages: rows.map(toMessageJson) };
}

export async function clearConversation(app: FastifyInstance, caller: UserRow): Promise<void> {
  await deleteMessages(app.db, caller.id);
}
