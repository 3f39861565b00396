import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Anchor, Autocomplete, Button, Checkbox, Group, MultiSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_CATEGORIES, type TProductCategory } from '@pulse/contract/products';
import { MAX_PRODUCE_TYPES, PAYOUT_METHODS, ZSellerApplicationInput, type TPayoutMethod } from '@pulse/contract/sellers';
import { FarmLocationFields } from '../../../components/farm-location-fields';
import { FormSection } from '../../../components/form-section';
import { PayoutAccountName } from '../../../components/payout-account-name';
import { IdDocumentField } from '../../../components/id-document-field';
import { payoutInstitutionNames } from '@pulse/contract/payout-institutions';
import { useAuth } from '../../../lib/auth/use-auth';
import { getServerFormErrors, NO_FORM_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { readReferralCode } from '../../../lib/referral-capture';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { postSellerApplication, rememberSubmittedApplication } from '../api/seller-application-api';
import {
  APPLICATION_FIELDS,
  EMPTY_APPLICATION_FORM,
  getApplicationFieldErrors,
  toApplicationInput,
  type ApplicationFormValues,
} from '../utils/application-form';
import { CATEGORY_NAMES } from '../../../lib/category-names';
import { PAYOUT_METHOD_NAMES } from '../utils/payout-method-names';


type TextField = 'businessName' | 'region' | 'lat' | 'lng' | 'phone' | 'accountName' | 'accountNumber' | 'providerName' | 'referralCode';

/** Where each form value's messages live in the schema / the server's `fields`. */
const ERROR_KEY: Record<keyof ApplicationFormValues, string> = {
  businessName: 'businessName',
  region: 'region',
  lat: 'lat',
  lng: 'lng',
  produceTypes: 'produceTypes',
  phone: 'phone',
  payoutMethod: 'payout.method',
  accountName: 'payout.accountName',
  accountNumber: 'payout.accountNumber',
  providerName: 'payout.providerName',
  idDocumentUploadId: 'idDocumentUploadId',
  idDocumentUrl: 'idDocumentUploadId',
  termsAccepted: 'termsAccepted',
  referralCode: 'referralCode',
};

interface SellerApplicationFormProps {
  initialValues?: ApplicationFormValues;
  submitLabel: string;
}

/**
 * The /seller-signup form. The contract's schema checks it before sending, so its messages match
 * the server's; the server's `fields` (400) land under the same inputs.
 */
export function SellerApplicationForm({ initialValues = EMPTY_APPLICATION_FORM, submitLabel }: SellerApplicationFormProps) {
  const { t, i18n } = useLingui();
  const categoryOptions = PRODUCT_CATEGORIES.map((category) => ({ value: category, label: i18n._(CATEGORY_NAMES[category]) }));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user, refreshUser } = useAuth();
  // A share link's code remembered by this browser fills an empty referral code field (issue 13).
  const [values, setValues] = useState<ApplicationFormValues>(() =>
    initialValues.referralCode.trim() === '' ? { ...initialValues, referralCode: readReferralCode() ?? '' } : initialValues,
  );
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [uploading, setUploading] = useState(false);
  const { isPending, runOnce } = useSingleSubmit();

  const errorOf = (key: keyof ApplicationFormValues): string | undefined => {
    const name = ERROR_KEY[key];
    return errors.fields[name] || (key === 'payoutMethod' ? errors.fields.payout : undefined) || undefined;
  };
  const clearError = (key: keyof ApplicationFormValues) => {
    const name = ERROR_KEY[key];
    if (errors.fields[name] || (key === 'payoutMethod' && errors.fields.payout)) {
      setErrors((current) => ({ ...current, fields: { ...current.fields, [name]: '', ...(key === 'payoutMethod' ? { payout: '' } : {}) } }));
    }
  };
  const set =
    <TKey extends keyof ApplicationFormValues>(key: TKey) =>
    (value: ApplicationFormValues[TKey]) => {
      setValues((current) => ({ ...current, [key]: value }));
      clearError(key);
    };
  const text = (key: TextField) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
    error: errorOf(key),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    void runOnce(async () => {
      const parsed = ZSellerApplicationInput.safeParse(toApplicationInput(values));
      if (!parsed.success) {
        setErrors({ fields: getApplicationFieldErrors(parsed.error), form: t`Some fields need your attention.` });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        const application = await postSellerApplication(parsed.data);
        rememberSubmittedApplication(queryClient, user?.id ?? null, application);
        // Submitting grants the seller role: the menu offers "Switch to Seller" without a reload.
        await refreshUser();
        await navigate('/seller-application-status');
      } catch (error) {
        setErrors(getServerFormErrors(error, APPLICATION_FIELDS));
      }
    });
  };

  const payoutIsBank = values.payoutMethod === 'bank';

  return (
    <form onSubmit={submit} noValidate aria-label={t`Seller application`}>
      <Stack gap="md">
        <FormSection title={t`Your business`}>
          <TextInput label={t`Business name`} required autoComplete="organization" {...text('businessName')} />
          <TextInput label={t`Region`} required description={t`Where your farm is, e.g. Ashanti`} autoComplete="address-level1" {...text('region')} />
          <MultiSelect
            label={t`Produce types`}
            required
            description={t`What you grow or make (up to ${MAX_PRODUCE_TYPES})`}
            placeholder={values.produceTypes.length === 0 ? t`Choose categories` : undefined}
            data={categoryOptions}
            value={values.produceTypes}
            onChange={(selected) => set('produceTypes')(selected as TProductCategory[])}
            maxValues={MAX_PRODUCE_TYPES}
            error={errorOf('produceTypes')}
            comboboxProps={{ withinPortal: true }}
            hidePickedOptions
            clearable
          />
          <TextInput label={t`Phone`} required type="tel" autoComplete="tel" placeholder="+233 20 123 4567" {...text('phone')} />
        </FormSection>

        <FormSection title={t`Farm location (optional)`}>
          <Text size="sm" c="dimmed">
            <Trans>Lets buyers see how far your produce travels. Leave both empty if you prefer.</Trans>
          </Text>
          <FarmLocationFields
            lat={text('lat')}
            lng={text('lng')}
            unsupportedMessage={t`This browser cannot share its location. Type the coordinates or leave them empty.`}
            onLocated={(lat, lng) => {
              setValues((current) => ({ ...current, lat, lng }));
              clearError('lat');
              clearError('lng');
            }}
          />
        </FormSection>

        <FormSection title={t`Payouts`}>
          <Radio.Group label={t`Payout method`} required value={values.payoutMethod ?? ''} onChange={(value) => set('payoutMethod')(value as TPayoutMethod)} error={errorOf('payoutMethod')}>
            <Group gap="lg" mt={6}>
              {PAYOUT_METHODS.map((method) => (
                <Radio key={method} value={method} label={i18n._(PAYOUT_METHOD_NAMES[method])} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput label={t`Account holder's name`} required autoComplete="name" {...text('accountName')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={payoutIsBank ? t`Account number` : t`Account or mobile number`} required {...text('accountNumber')} />
            <Autocomplete
              label={payoutIsBank ? t`Bank` : values.payoutMethod === 'mobile_money' ? t`Mobile money provider` : t`Provider or bank`}
              required
              placeholder={payoutIsBank ? t`e.g. Ecobank` : t`e.g. MTN MoMo`}
              // The networks and banks payouts can go to; any other name may still be typed.
              data={values.payoutMethod ? payoutInstitutionNames(values.payoutMethod) : []}
              value={values.providerName}
              onChange={set('providerName')}
              error={errorOf('providerName')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <PayoutAccountName method={values.payoutMethod} providerName={values.providerName} accountNumber={values.accountNumber} />
        </FormSection>

        <FormSection title={t`Identity`}>
          <IdDocumentField
            value={{ uploadId: values.idDocumentUploadId, url: values.idDocumentUrl }}
            onChange={(document) => {
              setValues((current) => ({ ...current, idDocumentUploadId: document.uploadId, idDocumentUrl: document.url }));
              if (document.uploadId) clearError('idDocumentUploadId');
            }}
            error={errorOf('idDocumentUploadId')}
            onError={(message) => setErrors((current) => ({ ...current, fields: { ...current.fields, idDocumentUploadId: message ?? '' } }))}
            onUploadingChange={setUploading}
          />
          <TextInput label={t`Referral code (optional)`} description={t`From the Pulse Agent who introduced you`} {...text('referralCode')} />
          <Checkbox
            checked={values.termsAccepted}
            onChange={(event) => set('termsAccepted')(event.currentTarget.checked)}
            error={errorOf('termsAccepted')}
            label={
              <Trans>
                I accept the{' '}
                <Anchor component={Link} to="/terms-of-service" inherit>
                  terms of service
                </Anchor>
              </Trans>
            }
          />
        </FormSection>

        {errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isPending} disabled={uploading} leftSection={<IconSend size={18} aria-hidden />} fullWidth={false}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
