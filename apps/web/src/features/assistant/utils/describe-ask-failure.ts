import { t } from '@lingui/core/macro';

/** Why a question got no (whole) answer, as the chat tells it. */
export type AskFailure =
  | { kind: 'network' }
  | { kind: 'http'; status: number; serverMessage?: string }
  | { kind: 'stream'; message?: string }
  | { kind: 'cut-off' };

export class AskFailureError extends Error {
  readonly failure: AskFailure;
  constructor(failure: AskFailure, options?: { cause?: unknown }) {
    super(describeAskFailure(failure), options);
    this.name = 'AskFailureError';
    this.failure = failure;
  }
}

/** A polite line for the chat; the question is kept and can be sent again. */
export function describeAskFailure(failure: AskFailure): string {
  switch (failure.kind) {
    case 'network':
      return t`Could not reach Pulse Assistant. Check your connection and try again.`;
    case 'cut-off':
      return t`The answer was cut off. Please try again.`;
    case 'stream':
      return failure.message && failure.message.trim() !== '' ? failure.message : t`Something went wrong while answering. Please try again.`;
    case 'http':
      if (failure.status === 429) return t`You are asking a little fast. Please wait a moment and try again.`;
      if (failure.status === 401) return t`Your session has ended. Sign in again to keep asking about your orders.`;
      if (failure.status >= 400 && failure.status < 500 && failure.serverMessage) return failure.serverMessage;
      return t`Pulse Assistant could not answer just now. Please try again.`;
  }
}
