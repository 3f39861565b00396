import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import { Alert, Box, Button, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_MAX_IMAGES,
  PRODUCT_UNITS,
  ZProductInput,
  ZProductPatch,
  type TProductCategory,
  type TProductDetails,
  type TProductUnit,
} from '@pulse/contract/products';
import { FormSection } from '../../../components/form-section';
import { getServerFormErrors, NO_FORM_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { sellerProductQueryKey } from '../api/get-seller-product';
import { sellerProductsRootKey } from '../api/get-seller-products';
import { patchProduct } from '../api/patch-product';
import { postProduct } from '../api/post-product';
import {
  changedFields,
  getProductFieldErrors,
  PRODUCT_FIELDS,
  toProductInput,
  valuesFromProduct,
  type PhotoItem,
  type ProductFormValues,
} from '../utils/product-form-values';
import { PhotoManager } from './photo-manager';
import { ProductPreviewCard } from './product-preview-card';
import classes from './seller-catalogue.module.css';
import { MoneyTextInput } from '../../../components/money-text-input';
import { toMoneyInputText } from '../../../lib/money-input';
import { Trans, useLingui } from '@lingui/react/macro';
import { CATEGORY_NAMES } from '../../../lib/category-names';
import { countedInText, pricePerUnitLabel, UNIT_NAMES } from '../../../lib/catalogue/seller-unit-text';


type TextField = 'title' | 'price' | 'stockQuantity' | 'minOrderQuantity' | 'harvestDate' | 'originFarmName' | 'originRegion' | 'originLat' | 'originLng';

/** Which schema / server field each form value's message comes from. */
const ERROR_KEY: Record<Exclude<keyof ProductFormValues, 'photos'> | 'photos', string> = {
  title: 'title',
  description: 'description',
  category: 'category',
  unit: 'unit',
  price: 'priceMinor',
  stockQuantity: 'stockQuantity',
  minOrderQuantity: 'minOrderQuantity',
  harvestDate: 'harvestDate',
  organic: 'organic',
  originFarmName: 'originFarmName',
  originRegion: 'originRegion',
  originLat: 'originLat',
  originLng: 'originLng',
  acceptsStandingOrders: 'acceptsStandingOrders',
  photos: 'imageIds',
};

interface ProductFormProps {
  /** Absent when adding a product. */
  product?: TProductDetails;
  initialValues: ProductFormValues;
  currency: string;
}

/**
 * Add and edit share this form. The contract's schema checks it before sending (same messages as
 * the server); the server's `fields` land under the same inputs. Editing sends only what changed.
 */
export function ProductForm({ product, initialValues, currency }: ProductFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const categoryOptions = PRODUCT_CATEGORIES.map((category) => ({ value: category, label: i18n._(CATEGORY_NAMES[category]) }));
  const unitOptions = PRODUCT_UNITS.map((unit) => ({ value: unit, label: i18n._(UNIT_NAMES[unit]) }));
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProductFormValues>(initialValues);
  const [baseline, setBaseline] = useState<ProductFormValues>(initialValues);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();
  const touched = useRef(false);

  // Prefilled origin may arrive after the form opened (the shop profile loads separately): take it
  // unless the seller has started typing.
  useEffect(() => {
    if (!touched.current) {
      setValues(initialValues);
      setBaseline(initialValues);
    }
  }, [initialValues]);

  const errorOf = (key: keyof ProductFormValues): string | undefined => errors.fields[ERROR_KEY[key]] || undefined;
  const clearError = (key: keyof ProductFormValues) => {
    const name = ERROR_KEY[key];
    if (errors.fields[name]) setErrors((current) => ({ ...current, fields: { ...current.fields, [name]: '' } }));
  };
  const set =
    <TKey extends keyof ProductFormValues>(key: TKey) =>
    (value: ProductFormValues[TKey]) => {
      touched.current = true;
      setNotice(null);
      setValues((current) => ({ ...current, [key]: value }));
      clearError(key);
    };
  const text = (key: TextField) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
    error: errorOf(key),
  });
  const setPhotos = (next: PhotoItem[] | ((current: PhotoItem[]) => PhotoItem[])) => {
    touched.current = true;
    setValues((current) => ({ ...current, photos: typeof next === 'function' ? next(current.photos) : next }));
  };

  const afterSave = (saved: TProductDetails) => {
    queryClient.setQueryData(sellerProductQueryKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: sellerProductsRootKey });
    void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
  };

  const create = async () => {
    const parsed = ZProductInput.safeParse(toProductInput(values, currency));
    if (!parsed.success) {
      setErrors({ fields: getProductFieldErrors(parsed.error), form: t`Some fields need your attention.` });
      return;
    }
    setErrors(NO_FORM_ERRORS);
    try {
      const created = await postProduct(parsed.data);
      afterSave(created);
      const title = created.title;
      notifications.show({ color: 'green', title: t`Product added`, message: t`${title} is now in your catalogue.`, icon: <IconCheck size={18} />, autoClose: 5000 });
      await navigate(`/seller/products/${created.id}`, { replace: true });
    } catch (error) {
      setErrors(getServerFormErrors(error, PRODUCT_FIELDS));
    }
  };

  const save = async (current: TProductDetails) => {
    const patch = changedFields(baseline, values, currency);
    if (Object.keys(patch).length === 0) {
      setNotice(t`Nothing has changed.`);
      return;
    }
    const parsed = ZProductPatch.safeParse(patch);
    if (!parsed.success) {
      setErrors({ fields: getProductFieldErrors(parsed.error), form: t`Some fields need your attention.` });
      return;
    }
    setErrors(NO_FORM_ERRORS);
    try {
      const saved = await patchProduct(current.id, parsed.data);
      afterSave(saved);
      const next = valuesFromProduct(saved);
      setValues(next);
      setBaseline(next);
      touched.current = false;
      notifications.show({ color: 'green', title: t`Changes saved`, message: saved.title, icon: <IconCheck size={18} />, autoClose: 5000 });
    } catch (error) {
      setErrors(getServerFormErrors(error, PRODUCT_FIELDS));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.photos.some((photo) => photo.state === 'uploading')) {
      setErrors((current) => ({ ...current, form: t`Wait for the photos to finish uploading.` }));
      return;
    }
    void runOnce(() => (product ? save(product) : create()));
  };

  // The second click of a double click must not start a second create.
  const guardDoubleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail > 1) event.preventDefault();
  };

  const countedIn = values.unit ? countedInText(values.unit) : undefined;

  const preview = (
    <Stack gap="xs">
      <Text fw={700} size="sm">
        <Trans>Preview</Trans>
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>How buyers will see it in the listing.</Trans>
      </Text>
      <ProductPreviewCard values={values} currency={currency} />
    </Stack>
  );

  return (
    <div className={classes.formLayout}>
      <form onSubmit={submit} noValidate aria-label={product ? t`Edit product` : t`Add product`}>
        <Stack gap="md">
          <FormSection title={t`About the product`}>
            <TextInput label={t`Title`} required placeholder={t`e.g. Heirloom tomatoes`} maxLength={120} {...text('title')} />
            <Textarea
              label={t`Description`}
              placeholder={t`How it is grown, taste, size, how to store it`}
              autosize
              minRows={3}
              maxRows={10}
              value={values.description}
              onChange={(event) => set('description')(event.currentTarget.value)}
              error={errorOf('description')}
            />
            <SimpleGrid cols={2} spacing="sm">
              <Select
                label={t`Category`}
                required
                placeholder={t`Choose`}
                data={categoryOptions}
                value={values.category}
                onChange={(value) => set('category')(value as TProductCategory | null)}
                error={errorOf('category')}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t`Unit`}
                required
                placeholder={t`Choose`}
                data={unitOptions}
                value={values.unit}
                onChange={(value) => set('unit')(value as TProductUnit | null)}
                error={errorOf('unit')}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection title={t`Price and stock`}>
            <MoneyTextInput
              label={pricePerUnitLabel(values.unit)}
              required
              currency={currency}
              placeholder={toMoneyInputText(0, currency)}
              value={values.price}
              onChange={set('price')}
              error={errorOf('price')}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label={t`Stock`} required inputMode="numeric" description={countedIn} {...text('stockQuantity')} />
              <TextInput label={t`Minimum order`} inputMode="numeric" description={countedIn} {...text('minOrderQuantity')} />
            </SimpleGrid>
          </FormSection>

          <FormSection title={t`Harvest and origin`}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label={t`Harvest date`} type="date" {...text('harvestDate')} />
              <Switch
                label={t`Organic`}
                description={t`Grown without synthetic pesticides or fertilisers`}
                checked={values.organic}
                onChange={(event) => set('organic')(event.currentTarget.checked)}
                mt={{ base: 0, xs: 'lg' }}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label={t`Farm name`} {...text('originFarmName')} />
              <TextInput label={t`Region`} {...text('originRegion')} />
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label={t`Latitude`} inputMode="decimal" placeholder="5.6037" {...text('originLat')} />
              <TextInput label={t`Longitude`} inputMode="decimal" placeholder="-0.1870" {...text('originLng')} />
            </SimpleGrid>
            <Switch
              label={t`Take weekly baskets`}
              description={t`Buyers may put it in a basket ordered every week or two; turning it off keeps the baskets that already hold it`}
              checked={values.acceptsStandingOrders}
              onChange={(event) => set('acceptsStandingOrders')(event.currentTarget.checked)}
              data-testid="product-accepts-standing-orders"
            />
          </FormSection>

          <FormSection title={t`Photos`}>
            <PhotoManager
              photos={values.photos}
              onChange={setPhotos}
              max={PRODUCT_MAX_IMAGES}
              label={t`Product photos`}
              description={t`1 to ${PRODUCT_MAX_IMAGES} photos; the first is the cover.`}
              error={errorOf('photos')}
              onTouched={() => clearError('photos')}
            />
          </FormSection>

          <Box hiddenFrom="md">{preview}</Box>

          {errors.form && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {errors.form}
            </Alert>
          )}
          {notice && (
            <Text size="sm" c="dimmed" role="status">
              {notice}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={isPending} onClick={guardDoubleClick} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              {product ? <Trans>Save changes</Trans> : <Trans>Add product</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
      <Box visibleFrom="md" className={classes.previewColumn}>
        {preview}
      </Box>
    </div>
  );
}
