import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { DeliveryMapProps } from './delivery-map';
import type { LocationPickerMapProps } from './location-picker-map';

// Leaflet and its stylesheet come with this chunk only: no other page loads them.
const DeliveryMap = lazy(() => import('./delivery-map').then((module) => ({ default: module.DeliveryMap })));

/** The delivery map, loaded on first use; a placeholder of the same height meanwhile. */
export function LazyDeliveryMap(props: DeliveryMapProps) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 320} radius="md" role="status" aria-label={t`Loading the map`} />}>
      <DeliveryMap {...props} />
    </Suspense>
  );
}

const LocationPickerMap = lazy(() => import('./location-picker-map').then((module) => ({ default: module.LocationPickerMap })));

/** The point picker, loaded on first use (Leaflet comes with it). */
export function LazyLocationPickerMap(props: LocationPickerMapProps) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 240} radius="md" role="status" aria-label={t`Loading the map`} />}>
      <LocationPickerMap {...props} />
    </Suspense>
  );
}
