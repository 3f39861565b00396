import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FileInput, Image, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';
import { ACCEPTED_IMAGE_TYPES, getImageAttachmentError } from '../../../lib/id-document-file';
import { resolveMediaUrl } from '../../../lib/media-url';
import { postProofPhoto } from '../api/post-proof-photo';

export interface PhotoValue {
  uploadId: string | null;
  url: string | null;
}

/** A photo taken with the phone's camera (or chosen from the gallery), stored at once; the step sends its id. */
export function PhotoField({
  label,
  description,
  required = false,
  value,
  onChange,
  error,
  onUploadingChange,
}: {
  label: string;
  description: string;
  required?: boolean;
  value: PhotoValue;
  onChange: (value: PhotoValue) => void;
  error: string | undefined;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = async (picked: File | null) => {
    setFile(picked);
    onChange({ uploadId: null, url: null });
    setProblem(null);
    if (!picked) return;
    const refused = getImageAttachmentError(picked);
    if (refused) {
      // The shared check speaks of an ID photo; a proof photo's wrong type is said without it.
      const isImage = (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(picked.type);
      setProblem(isImage ? refused : t`Choose a JPEG, PNG, WebP or GIF photo.`);
      return;
    }
    setUploading(true);
    onUploadingChange(true);
    try {
      const upload = await postProofPhoto(picked);
      onChange({ uploadId: upload.id, url: upload.url });
    } catch (failure) {
      setProblem(isApiError(failure) && failure.status !== null && failure.status < 500 ? failure.message : t`The photo could not be uploaded. Try again.`);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  return (
    <>
      <FileInput
        label={label}
        description={description}
        required={required}
        placeholder={t`Take or choose a photo`}
        accept="image/*"
        capture="environment"
        value={file}
        onChange={(picked) => void pick(picked)}
        leftSection={<IconCamera size={18} aria-hidden />}
        error={problem ?? error}
        disabled={uploading}
        clearable
      />
      {uploading && (
        <Text size="sm" c="dimmed" role="status">
          <Trans>Uploading the photo…</Trans>
        </Text>
      )}
      {value.url && !uploading && <Image src={resolveMediaUrl(value.url)} alt={t`Photo taken`} radius="md" h={120} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} />}
    </>
  );
}
