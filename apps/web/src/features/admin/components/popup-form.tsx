import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { POPUP_CTA_LABEL_MAX_LENGTH, POPUP_MESSAGE_MAX_LENGTH, POPUP_TITLE_MAX_LENGTH, ZPopupAudience, type TPopupAudience } from '@pulse/contract/popups';
import { isApiError } from '../../../lib/api-error';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useCreatePopup } from '../api/post-admin-popup';
import { EMPTY_POPUP_FORM, POPUP_AUDIENCE_LABELS, checkPopupForm, popupFieldOfServerKey, type PopupFormValues } from '../utils/popup-form';
import { showAdminSuccess } from './show-admin-toast';

type FieldErrors = Partial<Record<keyof PopupFormValues, string>>;

/** Creates a popup; the fields and their messages come from the contract's ZCreatePopupRequest. */
export function PopupForm() {
  const { i18n, t } = useLingui();
  const [values, setValues] = useState<PopupFormValues>(EMPTY_POPUP_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreatePopup();
  const { isPending, runOnce } = useSingleSubmit();

  const field = (name: keyof PopupFormValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const check = checkPopupForm(values, new Date());
      if (!check.ok) {
        setErrors(check.fields);
        setFormError(null);
        return;
      }
      setErrors({});
      setFormError(null);
      try {
        const popup = await create.mutateAsync(check.input);
        showAdminSuccess(t`Popup created`, popup.title);
        setValues(EMPTY_POPUP_FORM);
      } catch (failure) {
        if (!isApiError(failure) || failure.failure.kind !== 'http' || failure.failure.status >= 500) return;
        const fields: FieldErrors = {};
        for (const [key, message] of Object.entries(failure.fields)) {
          const name = popupFieldOfServerKey(key);
          if (name) fields[name] = message;
        }
        setErrors(fields);
        setFormError(Object.keys(fields).length > 0 ? null : failure.message);
      }
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-label={t`New popup`}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            <Trans>New popup</Trans>
          </Title>
          <TextInput label={t`Title`} required maxLength={POPUP_TITLE_MAX_LENGTH} {...field('title')} />
          <Textarea label={t`Content`} required autosize minRows={3} maxLength={POPUP_MESSAGE_MAX_LENGTH} {...field('message')} />
          <TextInput label={t`Image link`} description={t`A path on this site (/...) or an https:// address; optional`} {...field('imageUrl')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t`Button label`} description={t`Optional, with a button link`} maxLength={POPUP_CTA_LABEL_MAX_LENGTH} {...field('ctaLabel')} />
            <TextInput label={t`Button link`} description={t`e.g. /products`} {...field('ctaUrl')} />
          </SimpleGrid>
          <Select
            label={t`Audience`}
            value={values.audience}
            onChange={(value) => setValues((current) => ({ ...current, audience: (value as TPopupAudience | null) ?? 'all' }))}
            data={ZPopupAudience.options.map((audience) => ({ value: audience, label: i18n._(POPUP_AUDIENCE_LABELS[audience]) }))}
            allowDeselect={false}
            error={errors.audience}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput type="datetime-local" label={t`Starts`} description={t`Empty: now`} {...field('startsAt')} />
            <TextInput type="datetime-local" label={t`Ends`} description={t`Empty: until deleted`} {...field('endsAt')} />
          </SimpleGrid>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={isPending}>
              <Trans>Create popup</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
