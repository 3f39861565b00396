import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { POST_MAX_LENGTH, type TPost } from '@pulse/contract/hub';
import { isApiError } from '../../../lib/api-error';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { updatePostEverywhere } from '../api/hub-queries';
import { patchPost } from '../api/posts-api';

/** Edit one's own post's text and region while the edit window is open (the server checks it too). */
export function EditPostDialog({ post, opened, onClose }: { post: TPost; opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { isPending, runOnce } = useSingleSubmit();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { text: post.text, region: post.region ?? '' },
    validate: {
      text: (value) => (value.trim() === '' ? t`Write something to post` : value.trim().length > POST_MAX_LENGTH ? t`Posts are at most ${POST_MAX_LENGTH} characters` : null),
    },
  });

  const submit = form.onSubmit((values) =>
    void runOnce(async () => {
      setFormError(null);
      try {
        const updated = await patchPost(post.id, { text: values.text, region: values.region.trim() === '' ? null : values.region });
        updatePostEverywhere(queryClient, post.id, () => updated);
        onClose();
      } catch (error) {
        if (!isApiError(error) || error.failure.kind !== 'http' || error.failure.status >= 500) return;
        if (error.fields.text) form.setFieldError('text', error.fields.text);
        else setFormError(error.message);
      }
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t`Edit post`} centered radius="lg" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea label={t`Text`} autosize minRows={4} maxRows={12} {...form.getInputProps('text')} />
          <Text size="xs" c={form.values.text.length > POST_MAX_LENGTH ? 'red' : 'dimmed'} ta="right" mt={-10}>
            {form.values.text.length} / {POST_MAX_LENGTH}
          </Text>
          <TextInput label={t`Region`} placeholder={t`Ashanti`} maxLength={100} {...form.getInputProps('region')} />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
