import { useState } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { COMMENT_MAX_LENGTH, type TComment } from '@pulse/contract/hub';
import { isApiError } from '../../../lib/api-error';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { patchComment, postComment } from '../api/comments-api';
import { refreshPostAndComments } from '../api/hub-mutations';
import { updatePostEverywhere } from '../api/hub-queries';

interface CommentFormProps {
  postId: string;
  /** Answer this comment (a reply); absent for a new top-level comment. */
  replyTo?: { id: string; username: string };
  /** Edit this comment instead of writing a new one. */
  editing?: TComment;
  autoFocus?: boolean;
  onDone?: () => void;
  onCancel?: () => void;
}

/** Write a comment, a reply or an edit; the server's messages show under the box as they are. */
export function CommentForm({ postId, replyTo, editing, autoFocus, onDone, onCancel }: CommentFormProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { isPending, runOnce } = useSingleSubmit();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { text: editing?.text ?? '' },
    validate: {
      text: (value) => (value.trim() === '' ? t`Write a comment` : value.trim().length > COMMENT_MAX_LENGTH ? t`Comments are at most ${COMMENT_MAX_LENGTH} characters` : null),
    },
  });

  const submit = form.onSubmit((values) =>
    void runOnce(async () => {
      setError(null);
      try {
        if (editing) await patchComment(editing.id, values.text);
        else {
          await postComment(postId, { text: values.text, replyToId: replyTo?.id ?? null });
          updatePostEverywhere(queryClient, postId, (post) => ({ ...post, commentCount: post.commentCount + 1 }));
        }
        await refreshPostAndComments(queryClient, postId);
        form.reset();
        onDone?.();
      } catch (cause) {
        if (!isApiError(cause) || cause.failure.kind !== 'http' || cause.failure.status >= 500) return;
        setError(cause.fields.text ?? cause.message);
      }
    }),
  );

  const replyName = replyTo?.username ?? '';
  const label = editing ? t`Edit your comment` : replyTo ? t`Reply to ${replyName}` : t`Write a comment`;
  return (
    <form onSubmit={submit} noValidate>
      <Textarea
        aria-label={label}
        placeholder={replyTo ? t`Reply to @${replyName}…` : t`Add a comment…`}
        autosize
        minRows={1}
        maxRows={6}
        radius="lg"
        autoFocus={autoFocus}
        {...form.getInputProps('text')}
        error={form.errors.text ?? error}
      />
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c={form.values.text.length > COMMENT_MAX_LENGTH ? 'red' : 'dimmed'}>
          {form.values.text.length > COMMENT_MAX_LENGTH * 0.8 ? `${form.values.text.length} / ${COMMENT_MAX_LENGTH}` : ''}
        </Text>
        <Group gap="xs">
          {onCancel && (
            <Button size="xs" variant="subtle" color="gray" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button type="submit" size="xs" radius="xl" loading={isPending}>
            {editing ? t`Save` : replyTo ? t`Reply` : t`Comment`}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
