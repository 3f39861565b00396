import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SELLER_PROFILE_MAX_PHOTOS, ZUpdateSellerProfileRequest, type TSellerProfile } from '@pulse/contract/seller-profile';
import { FarmLocationFields } from '../../../components/farm-location-fields';
import { getServerFormErrors, getZodFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { sellerProfileQueryKey } from '../api/get-seller-profile';
import { putSellerProfile } from '../api/put-seller-profile';
import { PROFILE_FIELDS, toProfileRequest, valuesFromProfile, type ProfileFormValues } from '../utils/profile-form-values';
import type { PhotoItem } from '../utils/product-form-values';
import { PhotoManager } from './photo-manager';
import { Trans, useLingui } from '@lingui/react/macro';

type TextKey = 'shopName' | 'region' | 'lat' | 'lng';

/** The shop profile editor; the contract's schema checks it first, the server's field messages land under the same inputs. */
export function ProfileForm({ profile, onDone }: { profile: TSellerProfile; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileFormValues>(() => valuesFromProfile(profile));
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const { isPending, runOnce } = useSingleSubmit();

  const errorOf = (key: keyof ProfileFormValues) => errors.fields[key === 'photos' ? 'photoIds' : key] || undefined;
  const set = <TKey extends keyof ProfileFormValues>(key: TKey, value: ProfileFormValues[TKey]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const name = key === 'photos' ? 'photoIds' : key;
    if (errors.fields[name]) setErrors((current) => ({ ...current, fields: { ...current.fields, [name]: '' } }));
  };
  const text = (key: TextKey) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    error: errorOf(key),
  });
  const setPhotos = (next: PhotoItem[] | ((current: PhotoItem[]) => PhotoItem[])) =>
    setValues((current) => ({ ...current, photos: typeof next === 'function' ? next(current.photos) : next }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.photos.some((photo) => photo.state === 'uploading')) {
      setErrors((current) => ({ ...current, form: t`Wait for the photos to finish uploading.` }));
      return;
    }
    void runOnce(async () => {
      const parsed = ZUpdateSellerProfileRequest.safeParse(toProfileRequest(values));
      if (!parsed.success) {
        setErrors({ fields: getZodFieldErrors(parsed.error), form: t`Some fields need your attention.` });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        const saved = await putSellerProfile(parsed.data);
        queryClient.setQueryData(sellerProfileQueryKey(saved.userId), saved);
        void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
        notifications.show({ color: 'green', title: t`Profile saved`, message: t`Buyers now see your shop as you set it.`, icon: <IconCheck size={18} />, autoClose: 5000 });
        onDone();
      } catch (error) {
        setErrors(getServerFormErrors(error, PROFILE_FIELDS));
      }
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label={t`Edit profile`}>
        <Stack gap="sm">
          <TextInput label={t`Shop name`} required maxLength={80} {...text('shopName')} />
          <Textarea
            label={t`Story`}
            description={t`Who you are, how you farm, what makes your produce special`}
            autosize
            minRows={4}
            maxRows={12}
            value={values.story}
            onChange={(event) => set('story', event.currentTarget.value)}
            error={errorOf('story')}
          />
          <TextInput label={t`Region`} {...text('region')} />
          <FarmLocationFields
            lat={text('lat')}
            lng={text('lng')}
            unsupportedMessage={t`This browser cannot share its location. Type the coordinates instead.`}
            onLocated={(lat, lng) => {
              set('lat', lat);
              set('lng', lng);
            }}
          />
          <PhotoManager
            photos={values.photos}
            onChange={setPhotos}
            max={SELLER_PROFILE_MAX_PHOTOS}
            label={t`Shop photos`}
            description={t`Up to ${SELLER_PROFILE_MAX_PHOTOS}: your fields, your animals, your market stall.`}
            error={errorOf('photos')}
          />
          {errors.form && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={isPending} onClick={(event) => event.detail > 1 && event.preventDefault()}>
              <Trans>Save profile</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
