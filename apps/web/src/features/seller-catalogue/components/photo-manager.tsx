import { useRef, type Dispatch, type SetStateAction } from 'react';
import { ActionIcon, Badge, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { resolveMediaUrl } from '../../../lib/media-url';
import { postImageUpload } from '../../../lib/image-upload';
import type { PhotoItem } from '../utils/product-form-values';
import { ACCEPTED_PHOTO_TYPES, getPhotoFileError, moveItem } from '../../../lib/photo-file';
import classes from './seller-catalogue.module.css';
import { Trans, useLingui } from '@lingui/react/macro';

interface PhotoManagerProps {
  photos: PhotoItem[];
  onChange: Dispatch<SetStateAction<PhotoItem[]>>;
  max: number;
  label: string;
  description?: string;
  error?: string | undefined;
  /** Called once a photo has changed, so the form can clear the field's message. */
  onTouched?: () => void;
}

let photoCounter = 0;

/**
 * Photos of a product or a shop: upload with progress and preview, reorder (the first is the
 * cover), remove. Each file is uploaded as soon as it is chosen; the form sends only upload ids.
 */
export function PhotoManager({ photos, onChange, max, label, description, error, onTouched }: PhotoManagerProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const { logout } = useAuth();
  const room = max - photos.length;
  const count = photos.length;

  const update = (key: string, changes: Partial<PhotoItem>) => onChange((current) => current.map((photo) => (photo.key === key ? { ...photo, ...changes } : photo)));

  const upload = async (key: string, file: File) => {
    try {
      const stored = await postImageUpload(file, {
        onProgress: (progress) => update(key, { progress }),
        onSessionExpired: (message, path) => void logout(message, path),
      });
      update(key, { uploadId: stored.id, state: 'done', progress: 1 });
    } catch (caught) {
      const message = isApiError(caught) && caught.status !== null && caught.status < 500 ? caught.message : t`The photo could not be uploaded. Remove it and try again.`;
      update(key, { state: 'failed', error: message });
    }
  };

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    onTouched?.();
    const chosen = Array.from(files).slice(0, Math.max(0, room));
    const added: PhotoItem[] = chosen.map((file) => {
      photoCounter += 1;
      const problem = getPhotoFileError(file);
      return {
        key: `new-${photoCounter}`,
        uploadId: null,
        previewUrl: URL.createObjectURL(file),
        progress: 0,
        state: problem ? ('failed' as const) : ('uploading' as const),
        error: problem,
      };
    });
    onChange((current) => [...current, ...added]);
    added.forEach((photo, index) => {
      const file = chosen[index];
      if (photo.state === 'uploading' && file) void upload(photo.key, file);
    });
    if (inputRef.current) inputRef.current.value = '';
  };

  const remove = (key: string) => {
    onTouched?.();
    onChange((current) => current.filter((photo) => photo.key !== key));
  };
  const move = (index: number, to: number) => {
    onTouched?.();
    onChange((current) => moveItem(current, index, to));
  };

  return (
    <Stack gap={6}>
      <div>
        <Text fw={500} size="sm" component="label" htmlFor={`${label}-input`}>
          {label}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {photos.length > 0 && (
        <ul className={classes.photoGrid} aria-label={label}>
          {photos.map((photo, index) => {
            const number = index + 1;
            return (
            <li key={photo.key} className={classes.photoTile} data-state={photo.state} data-testid="photo-tile">
              <img src={photo.previewUrl.startsWith('blob:') ? photo.previewUrl : resolveMediaUrl(photo.previewUrl)} alt={t`Photo ${number}`} className={classes.photoImage} />
              {index === 0 && photo.state === 'done' && (
                <Badge size="xs" className={classes.coverBadge}>
                  <Trans>Cover</Trans>
                </Badge>
              )}
              {photo.state === 'uploading' && (
                <div className={classes.photoOverlay} role="status" aria-label={t`Uploading photo ${number}`}>
                  <Progress value={Math.round(photo.progress * 100)} size="sm" w="80%" aria-label={t`Upload progress`} />
                  <Text size="xs" c="white" fw={600}>
                    {Math.round(photo.progress * 100)}%
                  </Text>
                </div>
              )}
              {photo.state === 'failed' && (
                <div className={classes.photoOverlay} data-failed>
                  <Text size="xs" c="white" fw={600} ta="center" px={4} role="alert">
                    {photo.error ?? t`Upload failed`}
                  </Text>
                </div>
              )}
              <Group gap={2} className={classes.photoActions} wrap="nowrap">
                <Tooltip label={t`Move left`}>
                  <ActionIcon size="sm" variant="white" color="dark" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t`Move photo ${number} left`}>
                    <IconArrowLeft size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t`Move right`}>
                  <ActionIcon size="sm" variant="white" color="dark" disabled={index === photos.length - 1} onClick={() => move(index, index + 1)} aria-label={t`Move photo ${number} right`}>
                    <IconArrowRight size={14} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t`Remove`}>
                  <ActionIcon size="sm" variant="white" color="red" onClick={() => remove(photo.key)} aria-label={t`Remove photo ${number}`}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </li>
            );
          })}
        </ul>
      )}
      <input
        ref={inputRef}
        id={`${label}-input`}
        type="file"
        accept={ACCEPTED_PHOTO_TYPES.join(',')}
        multiple
        hidden
        onChange={(event) => addFiles(event.currentTarget.files)}
        data-testid="photo-input"
      />
      <Group gap="sm">
        <Button variant="light" leftSection={<IconPhotoPlus size={18} aria-hidden />} onClick={() => inputRef.current?.click()} disabled={room <= 0}>
          {photos.length === 0 ? <Trans>Add photos</Trans> : <Trans>Add more photos</Trans>}
        </Button>
        <Text size="xs" c="dimmed">
          <Trans>
            {count} of {max}
          </Trans>
        </Text>
      </Group>
      {error && (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
