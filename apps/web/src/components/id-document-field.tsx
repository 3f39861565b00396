import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FileInput, Image, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { isApiError } from '../lib/api-error';
import { ACCEPTED_IMAGE_TYPES, getImageAttachmentError } from '../lib/id-document-file';
import { postIdDocumentImage } from '../lib/id-document-upload';
import { resolveMediaUrl } from '../lib/media-url';

export interface IdDocumentValue {
  uploadId: string | null;
  url: string | null;
}

interface IdDocumentFieldProps {
  value: IdDocumentValue;
  onChange: (value: IdDocumentValue) => void;
  error: string | undefined;
  /** A message for the field (a refused file, a failed upload) or null to clear it. */
  onError: (message: string | null) => void;
  /** Tells the form while the photo is being stored, so it does not submit meanwhile. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * The ID document photo of an application (seller or agent): chosen, checked, stored as a private
 * upload at once, and previewed through its guarded URL.
 */
export function IdDocumentField({ value, onChange, error, onError, onUploadingChange }: IdDocumentFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const { t } = useLingui();
  const empty: IdDocumentValue = { uploadId: null, url: null };

  const pick = async (picked: File | null) => {
    setFile(picked);
    if (!picked) {
      onChange(empty);
      return;
    }
    const problem = getImageAttachmentError(picked);
    if (problem) {
      onChange(empty);
      onError(problem);
      return;
    }
    onError(null);
    setUploading(true);
    onUploadingChange(true);
    try {
      const upload = await postIdDocumentImage(picked);
      onChange({ uploadId: upload.id, url: upload.url });
    } catch (failure) {
      onChange(empty);
      onError(isApiError(failure) && failure.status !== null && failure.status < 500 ? failure.message : t`The photo could not be uploaded. Try again.`);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  return (
    <>
      <FileInput
        label={t`ID document photo`}
        required
        description={t`A clear photo or scan of your national ID, passport or driving licence (JPEG, PNG, WebP or GIF)`}
        placeholder={value.uploadId && !file ? t`Photo on file — choose to replace` : t`Choose a photo`}
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        value={file}
        onChange={(picked) => void pick(picked)}
        leftSection={<IconId size={18} aria-hidden />}
        error={error}
        disabled={uploading}
        clearable
      />
      {uploading && (
        <Text size="sm" c="dimmed" role="status">
          <Trans>Uploading your photo…</Trans>
        </Text>
      )}
      {value.url && !uploading && (
        <Image
          src={resolveMediaUrl(value.url)}
          alt={t`Your ID document photo`}
          radius="md"
          h={160}
          w="auto"
          maw="100%"
          fit="contain"
          style={{ alignSelf: 'flex-start', border: '1px solid var(--mantine-color-gray-3)' }}
        />
      )}
    </>
  );
}
