import { useLingui } from '@lingui/react/macro';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import type { MapPoint } from './map-geometry';
import { addMapControls, mapTileAttribution, MAP_TILE_URL } from './map-tiles';

export interface LocationPickerMapProps {
  value: MapPoint | null;
  /** Where the map opens when no point is chosen yet. */
  fallbackCentre: MapPoint;
  onPick: (point: MapPoint) => void;
  /** Working radius drawn around the point, km. */
  radiusKm?: number | null;
  height?: number;
  /** The map's accessible name. */
  label?: string;
}

/** Click or tap the map to choose a point; the circle shows the working radius. Works without tiles too. */
export function LocationPickerMap({ value, fallbackCentre, onPick, radiusKm = null, height = 240, label }: LocationPickerMapProps) {
  const { t } = useLingui();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.CircleMarker | null>(null);
  const circleRef = useRef<L.Circle | null>(null);
  const pickRef = useRef(onPick);

  useEffect(() => {
    pickRef.current = onPick;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: false, attributionControl: false, scrollWheelZoom: false });
    addMapControls(map);
    L.tileLayer(MAP_TILE_URL, { attribution: mapTileAttribution(), maxZoom: 19 }).addTo(map);
    map.setView([fallbackCentre.lat, fallbackCentre.lng], 9);
    map.on('click', (event: L.LeafletMouseEvent) => pickRef.current({ lat: Number(event.latlng.lat.toFixed(6)), lng: Number(event.latlng.lng.toFixed(6)) }));
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
      circleRef.current = null;
    };
    // The map is made once; later centres come through `value`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!value) {
      markerRef.current?.remove();
      circleRef.current?.remove();
      markerRef.current = null;
      circleRef.current = null;
      return;
    }
    const at: L.LatLngTuple = [value.lat, value.lng];
    if (markerRef.current) markerRef.current.setLatLng(at);
    else markerRef.current = L.circleMarker(at, { radius: 9, color: '#2f6b3a', weight: 3, fillColor: '#5fae6b', fillOpacity: 1 }).addTo(map);
    if (radiusKm && radiusKm > 0) {
      if (circleRef.current) circleRef.current.setLatLng(at).setRadius(radiusKm * 1000);
      else circleRef.current = L.circle(at, { radius: radiusKm * 1000, color: '#2f6b3a', weight: 1, fillOpacity: 0.08 }).addTo(map);
    } else {
      circleRef.current?.remove();
      circleRef.current = null;
    }
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [value, radiusKm]);

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={label ?? t`Map: tap to choose your home point`}
      data-testid="location-picker-map"
      style={{ height, width: '100%', borderRadius: 12, overflow: 'hidden', background: 'var(--mantine-color-gray-1, #eef1ee)', zIndex: 0, cursor: 'crosshair' }}
    />
  );
}
