import { useState } from 'react';
import { Alert, Avatar, Button, FileButton, Group, Modal, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { BIO_MAX_LENGTH, PROFESSION_MAX_LENGTH, type THubProfile } from '@pulse/contract/hub';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { postImageUpload } from '../../../lib/image-upload';
import { resolveMediaUrl } from '../../../lib/media-url';
import { ACCEPTED_PHOTO_TYPES, getPhotoFileError } from '../../../lib/photo-file';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { hubQueryKeys } from '../api/hub-query-keys';
import { patchOwnProfile } from '../api/profiles-api';

interface EditProfileDialogProps {
  profile: THubProfile;
  opened: boolean;
  onClose: () => void;
}

/** One's own bio, profession and photo (the photo goes through the upload pipeline first). */
export function EditProfileDialog({ profile, opened, onClose }: EditProfileDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { logout, refreshUser } = useAuth();
  const { isPending, runOnce } = useSingleSubmit();
  const [photo, setPhoto] = useState<{ uploadId: string; url: string } | null>(null);
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { bio: profile.bio ?? '', profession: profile.profession ?? '' },
    validate: {
      bio: (value) => (value.trim().length > BIO_MAX_LENGTH ? t`Bio is too long (${BIO_MAX_LENGTH} characters at most)` : null),
      profession: (value) => (value.trim().length > PROFESSION_MAX_LENGTH ? t`Profession is too long (${PROFESSION_MAX_LENGTH} characters at most)` : null),
    },
  });

  const choosePhoto = async (file: File | null) => {
    if (!file) return;
    const problem = getPhotoFileError(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setUpload({ progress: 0 });
    try {
      const uploaded = await postImageUpload(file, {
        onProgress: (progress) => setUpload({ progress }),
        onSessionExpired: (message, path) => void logout(message, path),
      });
      setPhoto({ uploadId: uploaded.id, url: uploaded.url });
    } catch (cause) {
      if (isApiError(cause) && cause.status !== null && cause.status < 500) setError(cause.message);
    } finally {
      setUpload(null);
    }
  };

  const submit = form.onSubmit((values) =>
    void runOnce(async () => {
      setError(null);
      try {
        const updated = await patchOwnProfile({
          bio: values.bio.trim() === '' ? null : values.bio,
          profession: values.profession.trim() === '' ? null : values.profession,
          ...(photo ? { photoUploadId: photo.uploadId } : {}),
        });
        queryClient.setQueryData(hubQueryKeys.profile(profile.username), updated);
        void queryClient.invalidateQueries({ queryKey: hubQueryKeys.all });
        void refreshUser();
        notifications.show({ color: 'gold', title: t`Profile saved`, message: t`Your Pulse Hub profile is up to date.` });
        onClose();
      } catch (cause) {
        if (!isApiError(cause) || cause.failure.kind !== 'http' || cause.failure.status >= 500) return;
        if (cause.fields.bio) form.setFieldError('bio', cause.fields.bio);
        else if (cause.fields.profession) form.setFieldError('profession', cause.fields.profession);
        else setError(cause.message);
      }
    }),
  );

  const shownPhoto = photo?.url ?? profile.profile_picture_url;
  return (
    <Modal opened={opened} onClose={onClose} title={t`Edit your profile`} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="md">
            <Avatar src={shownPhoto ? resolveMediaUrl(shownPhoto) : null} size={72} radius={72} color="gold" variant="filled" alt={t`Your photo`}>
              {profile.username.slice(0, 2).toUpperCase()}
            </Avatar>
            <Stack gap={6}>
              <FileButton onChange={(file) => void choosePhoto(file)} accept={ACCEPTED_PHOTO_TYPES.join(',')}>
                {(props) => (
                  <Button {...props} variant="light" size="xs" leftSection={<IconPhoto size={16} aria-hidden />} loading={upload !== null}>
                    <Trans>Change photo</Trans>
                  </Button>
                )}
              </FileButton>
              {upload && <Progress value={upload.progress * 100} size="sm" w={140} aria-label={t`Uploading photo`} />}
            </Stack>
          </Group>
          <TextInput label={t`Profession`} placeholder={t`e.g. Cocoa farmer`} maxLength={PROFESSION_MAX_LENGTH} {...form.getInputProps('profession')} />
          <Textarea label={t`Bio`} placeholder={t`Tell people about your farm or what you cook`} autosize minRows={3} maxRows={6} {...form.getInputProps('bio')} />
          <Text size="xs" c="dimmed" ta="right" mt={-10}>
            {form.values.bio.length} / {BIO_MAX_LENGTH}
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={isPending} disabled={upload !== null}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
