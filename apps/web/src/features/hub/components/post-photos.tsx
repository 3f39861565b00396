import { useState } from 'react';
import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { TProductImage } from '@pulse/contract/products';
import { resolveMediaUrl } from '../../../lib/media-url';
import classes from '../../../components/hub/hub.module.css';

/** Up to four photos in a grid (the small variant, loaded lazily); a click opens the large one. */
export function PostPhotos({ images, author }: { images: readonly TProductImage[]; author: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const total = images.length;
  const shown = (open ?? 0) + 1;
  if (images.length === 0) return null;
  const current = open === null ? null : images[open];
  const step = (delta: number) => setOpen((index) => (index === null ? null : (index + delta + images.length) % images.length));
  return (
    <>
      <div className={classes.photos} data-count={images.length} data-testid="post-photos">
        {images.map((image, index) => (
          <button key={image.id} type="button" className={classes.photoButton} onClick={() => setOpen(index)} aria-label={t`Open photo ${index + 1} of ${total}`}>
            <img className={classes.photo} src={resolveMediaUrl(image.thumbUrl)} alt={t`Photo ${index + 1} by ${author}`} loading="lazy" decoding="async" width={image.width} height={image.height} />
          </button>
        ))}
      </div>
      <Modal opened={current !== null && current !== undefined} onClose={() => setOpen(null)} size="xl" centered title={t`Photo ${shown} of ${total}`} padding="sm">
        {current && <img className={classes.viewerImage} src={resolveMediaUrl(current.url)} alt={t`Photo ${shown} by ${author}`} />}
        {images.length > 1 && (
          <Group justify="space-between" mt="sm">
            <ActionIcon variant="light" size="lg" radius="xl" onClick={() => step(-1)} aria-label={t`Previous photo`}>
              <IconChevronLeft size={20} />
            </ActionIcon>
            <Text size="sm" c="dimmed">
              {(open ?? 0) + 1} / {images.length}
            </Text>
            <ActionIcon variant="light" size="lg" radius="xl" onClick={() => step(1)} aria-label={t`Next photo`}>
              <IconChevronRight size={20} />
            </ActionIcon>
          </Group>
        )}
      </Modal>
    </>
  );
}
