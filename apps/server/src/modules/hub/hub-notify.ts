import type { MessageDescriptor } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import type { TNotificationType } from '@pulse/contract/notifications';
import { notify } from '../notifications/notifications-service';

export interface HubNotice {
  userId: string;
  type: Extract<TNotificationType, 'post_comment' | 'comment_reply' | 'like'>;
  message: MessageDescriptor;
  /** The post the notification points at (/pulse/{postId}). */
  postId: string;
  /** Stored once per key: a retried or repeated event (like, unlike, like) notifies once. */
  idempotencyKey: string;
}

/**
 * Sends Hub notifications after the write committed. Never to the person who acted, and a failure
 * is logged, never turned into a failed request: the post, comment or like is already saved.
 */
export async function sendHubNotices(app: FastifyInstance, actorUserId: string, notices: readonly HubNotice[]): Promise<void> {
  for (const notice of notices) {
    if (notice.userId === actorUserId) continue;
    try {
      await notify(app, notice.userId, {
        type: notice.type,
        source: 'pulse_hub',
        message: notice.message,
        content_type: 'post',
        related_entity_id: notice.postId,
        idempotencyKey: notice.idempotencyKey,
      });
    } catch (error) {
      app.log.error({ err: error, postId: notice.postId, type: notice.type }, 'Pulse Hub notification failed');
    }
  }
}
