import { formatNumber } from '../../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Anchor, Autocomplete, Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { AGENT_KINDS, agentKindLabels, VEHICLES, vehicleLabels, WORKING_RADIUS_MAX_KM, ZAgentApplicationInput, type TAgentKind, type TVehicle } from '@pulse/contract/agents';
import { payoutMethodLabels, PAYOUT_METHODS, type TPayoutMethod } from '@pulse/contract/sellers';
import { LazyLocationPickerMap } from '../../../components/delivery-map/lazy-delivery-map';
import { FarmLocationFields } from '../../../components/farm-location-fields';
import { FormSection } from '../../../components/form-section';
import { PayoutAccountName } from '../../../components/payout-account-name';
import { IdDocumentField } from '../../../components/id-document-field';
import { payoutInstitutionNames } from '@pulse/contract/payout-institutions';
import { useAuth } from '../../../lib/auth/use-auth';
import { getServerFormErrors, getZodDottedFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { postAgentApplication, rememberSubmittedAgentApplication } from '../../../lib/agents/agent-application-api';
import { AGENT_APPLICATION_FIELDS, EMPTY_AGENT_FORM, toAgentApplicationInput, withCrossFieldErrors, type AgentFormValues } from '../utils/agent-application-form';
import { contractText } from '../../../lib/contract-text';

type TextField = 'region' | 'lat' | 'lng' | 'workingRadiusKm' | 'phone' | 'accountName' | 'accountNumber' | 'providerName';

/** Where each form value's messages live in the schema / the server's `fields`. */
const ERROR_KEY: Record<keyof AgentFormValues, string> = {
  kind: 'kind',
  region: 'region',
  lat: 'lat',
  lng: 'lng',
  workingRadiusKm: 'workingRadiusKm',
  vehicle: 'vehicle',
  phone: 'phone',
  payoutMethod: 'payout.method',
  accountName: 'payout.accountName',
  accountNumber: 'payout.accountNumber',
  providerName: 'payout.providerName',
  idDocumentUploadId: 'idDocumentUploadId',
  idDocumentUrl: 'idDocumentUploadId',
  termsAccepted: 'termsAccepted',
};

/** Where the map opens before a point is chosen: the demo farms' region (Accra). */
const DEFAULT_CENTRE = { lat: 5.6037, lng: -0.187 };

function pointOf(values: AgentFormValues): { lat: number; lng: number } | null {
  const lat = Number(values.lat);
  const lng = Number(values.lng);
  if (values.lat.trim() === '' || values.lng.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng };
}

/**
 * The /agent-registration form. The contract's schema checks it before sending, so its messages
 * match the server's; the server's `fields` (400) land under the same inputs. One request per submit.
 */
export function AgentApplicationForm({ initialValues = EMPTY_AGENT_FORM, submitLabel }: { initialValues?: AgentFormValues; submitLabel: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user, refreshUser } = useAuth();
  const [values, setValues] = useState<AgentFormValues>(initialValues);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [uploading, setUploading] = useState(false);
  const [showMap, setShowMap] = useState(false);
  const { isPending, runOnce } = useSingleSubmit();

  const errorOf = (key: keyof AgentFormValues): string | undefined => {
    const name = ERROR_KEY[key];
    return errors.fields[name] || (key === 'payoutMethod' ? errors.fields.payout : undefined) || undefined;
  };
  const clearError = (key: keyof AgentFormValues) => {
    const name = ERROR_KEY[key];
    if (errors.fields[name] || (key === 'payoutMethod' && errors.fields.payout)) {
      setErrors((current) => ({ ...current, fields: { ...current.fields, [name]: '', ...(key === 'payoutMethod' ? { payout: '' } : {}) } }));
    }
  };
  const set =
    <TKey extends keyof AgentFormValues>(key: TKey) =>
    (value: AgentFormValues[TKey]) => {
      setValues((current) => ({ ...current, [key]: value }));
      clearError(key);
    };
  const text = (key: TextField) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
    error: errorOf(key),
  });
  const locate = (lat: string, lng: string) => {
    setValues((current) => ({ ...current, lat, lng }));
    clearError('lat');
    clearError('lng');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    void runOnce(async () => {
      const parsed = ZAgentApplicationInput.safeParse(toAgentApplicationInput(values));
      if (!parsed.success) {
        setErrors({ fields: withCrossFieldErrors(values, getZodDottedFieldErrors(parsed.error)), form: t`Some fields need your attention.` });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        const application = await postAgentApplication(parsed.data);
        rememberSubmittedAgentApplication(queryClient, user?.id ?? null, application);
        await refreshUser();
        await navigate('/agent-application-status');
      } catch (error) {
        setErrors(getServerFormErrors(error, AGENT_APPLICATION_FIELDS));
      }
    });
  };

  const carries = values.kind === 'delivery' || values.kind === 'both';
  const payoutIsBank = values.payoutMethod === 'bank';
  const radius = Number(values.workingRadiusKm);
  const maxRadius = formatNumber(WORKING_RADIUS_MAX_KM, 0);

  return (
    <form onSubmit={submit} noValidate aria-label={t`Agent application`}>
      <Stack gap="md">
        <FormSection title={t`What you want to do`}>
          <Radio.Group label={t`Kind of agent`} required value={values.kind ?? ''} onChange={(value) => set('kind')(value as TAgentKind)} error={errorOf('kind')}>
            <Stack gap="xs" mt={6}>
              {AGENT_KINDS.map((kind) => (
                <Radio
                  key={kind}
                  value={kind}
                  label={contractText(agentKindLabels[kind])}
                  description={
                    kind === 'delivery'
                      ? t`Carry orders from farms to buyers and earn the delivery fee`
                      : kind === 'referral'
                        ? t`Bring new buyers and farms with your referral code`
                        : t`Deliver orders and refer people`
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          {carries && (
            <Radio.Group label={t`How you travel`} required value={values.vehicle ?? ''} onChange={(value) => set('vehicle')(value as TVehicle)} error={errorOf('vehicle')}>
              <Group gap="md" mt={6}>
                {VEHICLES.map((vehicle) => (
                  <Radio key={vehicle} value={vehicle} label={contractText(vehicleLabels[vehicle])} />
                ))}
              </Group>
            </Radio.Group>
          )}
          <TextInput label={t`Phone`} required type="tel" autoComplete="tel" placeholder={t`+233 20 123 4567`} {...text('phone')} />
        </FormSection>

        <FormSection title={t`Home area`}>
          <Text size="sm" c="dimmed">
            <Trans>Delivery tasks are offered from farms within your working radius of this point. Type the coordinates, use your location or tap the map.</Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t`Region or town`} required autoComplete="address-level2" placeholder={t`e.g. Kumasi`} {...text('region')} />
            <TextInput
              label={t`Working radius (km)`}
              required
              inputMode="numeric"
              description={t`1 to ${maxRadius} km`}
              {...text('workingRadiusKm')}
            />
          </SimpleGrid>
          <FarmLocationFields
            lat={text('lat')}
            lng={text('lng')}
            unsupportedMessage={t`This browser cannot share its location. Type the coordinates or tap the map.`}
            onLocated={locate}
          />
          {showMap ? (
            <LazyLocationPickerMap
              value={pointOf(values)}
              fallbackCentre={DEFAULT_CENTRE}
              radiusKm={Number.isFinite(radius) ? radius : null}
              onPick={(point) => locate(point.lat.toFixed(6), point.lng.toFixed(6))}
            />
          ) : (
            <Group>
              <Button variant="subtle" size="xs" onClick={() => setShowMap(true)}>
                <Trans>Pick on the map</Trans>
              </Button>
            </Group>
          )}
        </FormSection>

        <FormSection title={t`Payouts`}>
          <Radio.Group label={t`Payout method`} required value={values.payoutMethod ?? ''} onChange={(value) => set('payoutMethod')(value as TPayoutMethod)} error={errorOf('payoutMethod')}>
            <Group gap="lg" mt={6}>
              {PAYOUT_METHODS.map((method) => (
                <Radio key={method} value={method} label={contractText(payoutMethodLabels[method])} />
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
          <Button type="submit" size="md" loading={isPending} disabled={uploading} leftSection={<IconSend size={18} aria-hidden />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
