import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, CloseButton, Collapse, Group, Paper, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { IconBasket, IconMapPin, IconPhotoPlus, IconSend, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { POST_MAX_LENGTH, POST_MAX_PHOTOS, POST_MAX_PRODUCTS, type TPost } from '@pulse/contract/hub';
import type { TProductSummary } from '@pulse/contract/products';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { createIdempotencyKey } from '../../../lib/create-idempotency-key';
import { ACCEPTED_PHOTO_TYPES, getPhotoFileError } from '../../../lib/photo-file';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { hubQueryKeys } from '../api/hub-query-keys';
import { sendPost } from '../outbox';
import { composerPrompt } from '../utils/composer-prompt';
import type { PostPages } from '../utils/post-pages';
import { HubAvatar } from '../../../components/hub/author-line';
import { ProductPicker } from './product-picker';
import classes from '../../../components/hub/hub.module.css';

interface ComposerValues {
  text: string;
  region: string;
}

interface ChosenPhoto {
  file: File;
  previewUrl: string;
}

const FIELD_NAMES = ['text', 'region'] as const;

/** The new post goes on top of the feed at once (the author's own action may move the page). */
function prependToFeed(data: PostPages | undefined, post: TPost): PostPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === post.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [post, ...first!.items] }, ...rest] };
}

/**
 * A new post, prompted in the writer's terms (composerPrompt): text (counted to POST_MAX_LENGTH), up to 4 photos, up to 3
 * linked products and a region. Sent through the outbox: offline, the post waits in the browser
 * and goes when the connection returns. The clientId is made when the post is begun, so a second
 * press or a resend never makes two posts.
 */
export function Composer() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { isPending, runOnce } = useSingleSubmit();
  const [clientId, setClientId] = useState(() => createIdempotencyKey());
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [products, setProducts] = useState<TProductSummary[]>([]);
  const [showProducts, setShowProducts] = useState(false);
  const [showRegion, setShowRegion] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ComposerValues>({
    initialValues: { text: '', region: '' },
    validate: {
      text: (value) => (value.trim() === '' ? t`Write something to post` : value.trim().length > POST_MAX_LENGTH ? t`Posts are at most ${POST_MAX_LENGTH} characters` : null),
      region: (value) => (value.trim().length > 100 ? t`Region is too long (100 characters at most)` : null),
    },
  });

  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.previewUrl)), []);

  const addPhotos = (files: FileList | null) => {
    if (!files) return;
    setFormError(null);
    const room = POST_MAX_PHOTOS - photos.length;
    const chosen: ChosenPhoto[] = [];
    for (const file of Array.from(files)) {
      const problem = getPhotoFileError(file);
      if (problem) {
        setFormError(problem);
        continue;
      }
      if (chosen.length >= room) {
        setFormError(t`At most ${POST_MAX_PHOTOS} photos`);
        break;
      }
      chosen.push({ file, previewUrl: URL.createObjectURL(file) });
    }
    setPhotos((current) => [...current, ...chosen]);
    if (fileInput.current) fileInput.current.value = '';
  };

  const removePhoto = (index: number) => {
    setPhotos((current) => {
      const removed = current[index];
      if (removed) URL.revokeObjectURL(removed.previewUrl);
      return current.filter((_, i) => i !== index);
    });
  };

  const clear = () => {
    photos.forEach((photo) => URL.revokeObjectURL(photo.previewUrl));
    setPhotos([]);
    setProducts([]);
    setShowProducts(false);
    setShowRegion(false);
    form.reset();
    setClientId(createIdempotencyKey());
  };

  const submit = form.onSubmit((values) =>
    void runOnce(async () => {
      setFormError(null);
      try {
        const result = await sendPost({
          clientId,
          text: values.text,
          region: values.region.trim() === '' ? null : values.region.trim(),
          productIds: products.map((product) => product.id),
          imageUploadIds: [],
          photos: photos.map((photo) => photo.file),
        });
        if (result.status === 'sent') {
          queryClient.setQueryData<PostPages>(hubQueryKeys.feed, (data) => prependToFeed(data, result.post));
          void queryClient.invalidateQueries({ queryKey: hubQueryKeys.profilePostsAll });
          notifications.show({ color: 'gold', title: t`Posted`, message: t`Your post is on Pulse Hub.` });
        } else {
          notifications.show({ color: 'gold', title: t`Waiting to send`, message: t`You are offline. Your post will be sent when the connection returns.` });
        }
        clear();
      } catch (error) {
        if (!isApiError(error)) {
          setFormError(error instanceof Error ? error.message : t`Something went wrong. Please try again.`);
          return;
        }
        if (error.failure.kind !== 'http' || error.failure.status >= 500) return;
        const placed = FIELD_NAMES.filter((name) => error.fields[name]);
        placed.forEach((name) => form.setFieldError(name, error.fields[name]!));
        if (placed.length === 0) setFormError(error.message);
      }
    }),
  );

  const length = form.values.text.length;
  const over = length > POST_MAX_LENGTH;
  const firstName = user?.username ?? '';

  return (
    <Paper component="form" onSubmit={submit} noValidate className={classes.composer} data-testid="composer" aria-label={t`New post`}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {user && <HubAvatar author={{ username: firstName, profile_picture_url: user.profile_picture_url ?? null }} size={40} />}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Textarea
            aria-label={t`Post text`}
            placeholder={i18n._(composerPrompt(user?.roles))}
            autosize
            minRows={2}
            maxRows={10}
            variant="unstyled"
            styles={{ input: { fontSize: 16, lineHeight: 1.5 } }}
            {...form.getInputProps('text')}
          />

          {photos.length > 0 && (
            <Group gap={8} data-testid="composer-photos">
              {photos.map((photo, index) => (
                <div key={photo.previewUrl} className={classes.composerPreview}>
                  <img src={photo.previewUrl} alt={t`Photo ${index + 1} to post`} />
                  <CloseButton size="sm" radius="xl" variant="filled" className={classes.composerPreviewRemove} onClick={() => removePhoto(index)} aria-label={t`Remove photo ${index + 1}`} />
                </div>
              ))}
            </Group>
          )}

          {products.length > 0 && (
            <Group gap={6} data-testid="composer-products">
              {products.map((product) => (
                <Badge
                  key={product.id}
                  size="lg"
                  radius="xl"
                  variant="light"
                  tt="none"
                  leftSection={<IconBasket size={14} aria-hidden />}
                  rightSection={
                    <ActionIcon size="xs" variant="transparent" color="gray" onClick={() => setProducts((current) => current.filter((item) => item.id !== product.id))} aria-label={t`Remove ${product.title}`}>
                      <IconX size={12} />
                    </ActionIcon>
                  }
                >
                  {product.title}
                </Badge>
              ))}
            </Group>
          )}

          <Collapse expanded={showProducts}>
            <ProductPicker chosen={products} disabled={products.length >= POST_MAX_PRODUCTS} onPick={(product) => setProducts((current) => [...current, product].slice(0, POST_MAX_PRODUCTS))} />
          </Collapse>
          <Collapse expanded={showRegion}>
            <TextInput label={t`Region`} placeholder={t`e.g. Ashanti`} leftSection={<IconMapPin size={16} aria-hidden />} maxLength={100} {...form.getInputProps('region')} />
          </Collapse>

          {formError && (
            <Alert color="red" variant="light" py={8} role="alert">
              <Text size="sm">{formError}</Text>
            </Alert>
          )}

          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={2} wrap="nowrap">
              <input ref={fileInput} type="file" accept={ACCEPTED_PHOTO_TYPES.join(',')} multiple hidden onChange={(event) => addPhotos(event.currentTarget.files)} data-testid="composer-photo-input" />
              <Tooltip label={t`Add photos (up to ${POST_MAX_PHOTOS})`}>
                <ActionIcon variant="subtle" size="lg" radius="xl" onClick={() => fileInput.current?.click()} disabled={photos.length >= POST_MAX_PHOTOS} aria-label={t`Add photos`}>
                  <IconPhotoPlus size={20} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t`Link products (up to ${POST_MAX_PRODUCTS})`}>
                <ActionIcon variant={showProducts ? 'light' : 'subtle'} size="lg" radius="xl" onClick={() => setShowProducts((open) => !open)} aria-label={t`Link products`} aria-expanded={showProducts}>
                  <IconBasket size={20} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t`Add your region`}>
                <ActionIcon variant={showRegion ? 'light' : 'subtle'} size="lg" radius="xl" onClick={() => setShowRegion((open) => !open)} aria-label={t`Add region`} aria-expanded={showRegion}>
                  <IconMapPin size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text size="xs" c={over ? 'red' : 'dimmed'} aria-live="polite" data-testid="composer-counter">
                {length} / {POST_MAX_LENGTH}
              </Text>
              <Button type="submit" radius="xl" leftSection={<IconSend size={16} aria-hidden />} loading={isPending} disabled={over}>
                <Trans>Post</Trans>
              </Button>
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
