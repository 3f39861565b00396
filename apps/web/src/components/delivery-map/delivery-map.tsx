import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { t } from '@lingui/core/macro';
import { boundsOf, routePoints, type MapPoint } from './map-geometry';
import { addMapControls, mapTileAttribution, MAP_TILE_URL } from './map-tiles';

export interface DeliveryMapProps {
  farm: MapPoint | null;
  dropOff: MapPoint | null;
  /** The agent's last shared position; null before pickup or when sharing stopped. */
  agent: MapPoint | null;
  /** Accessible name of the map region. */
  label: string;
  height?: number;
}

const FARM_STYLE: L.CircleMarkerOptions = { radius: 9, color: '#2f6b3a', weight: 3, fillColor: '#5fae6b', fillOpacity: 1 };
const DROP_OFF_STYLE: L.CircleMarkerOptions = { radius: 9, color: '#8a3b12', weight: 3, fillColor: '#f08c3b', fillOpacity: 1 };
const AGENT_STYLE: L.CircleMarkerOptions = { radius: 11, color: '#ffffff', weight: 3, fillColor: '#1c7ed6', fillOpacity: 1 };
const ROUTE_STYLE: L.PolylineOptions = { color: '#1c7ed6', weight: 4, opacity: 0.75, dashArray: '8 8' };

/**
 * Leaflet map of one delivery: farm, drop-off and the moving agent, joined by the route line.
 * Markers and the line are vector layers (SVG), so they draw even when no tile loads (offline,
 * tests); the container has its own background under the tiles. Loaded lazily with Leaflet's CSS.
 */
export function DeliveryMap({ farm, dropOff, agent, label, height = 320 }: DeliveryMapProps) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layersRef = useRef<{ farm: L.CircleMarker | null; dropOff: L.CircleMarker | null; agent: L.CircleMarker | null; route: L.Polyline | null }>({
    farm: null,
    dropOff: null,
    agent: null,
    route: null,
  });
  const fittedRef = useRef(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: false, attributionControl: false, scrollWheelZoom: false });
    addMapControls(map);
    L.tileLayer(MAP_TILE_URL, { attribution: mapTileAttribution(), maxZoom: 19 }).addTo(map);
    map.setView([0, 0], 2);
    mapRef.current = map;
    const layers = layersRef.current;
    return () => {
      map.remove();
      mapRef.current = null;
      layers.farm = layers.dropOff = layers.agent = layers.route = null;
      fittedRef.current = false;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const layers = layersRef.current;
    const place = (key: 'farm' | 'dropOff' | 'agent', point: MapPoint | null, style: L.CircleMarkerOptions, title: string) => {
      const existing = layers[key];
      if (!point) {
        existing?.remove();
        layers[key] = null;
        return;
      }
      if (existing) {
        existing.setLatLng([point.lat, point.lng]);
        return;
      }
      const marker = L.circleMarker([point.lat, point.lng], { ...style, className: `delivery-map-${key}` }).bindTooltip(title);
      marker.addTo(map);
      layers[key] = marker;
    };
    // Tooltips are written when a marker is first placed, in the language then in use.
    place('farm', farm, FARM_STYLE, t`Farm (pickup)`);
    place('dropOff', dropOff, DROP_OFF_STYLE, t`Drop-off`);
    place('agent', agent, AGENT_STYLE, t`Delivery agent`);
    layers.agent?.bringToFront();

    const line = routePoints(farm, agent, dropOff).map((point): L.LatLngTuple => [point.lat, point.lng]);
    if (line.length >= 2) {
      if (layers.route) layers.route.setLatLngs(line);
      else layers.route = L.polyline(line, { ...ROUTE_STYLE, className: 'delivery-map-route' }).addTo(map);
    } else {
      layers.route?.remove();
      layers.route = null;
    }

    if (!fittedRef.current) {
      const bounds = boundsOf(routePoints(farm, agent, dropOff));
      if (bounds) {
        map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15 });
        fittedRef.current = true;
      }
    }
  }, [farm, dropOff, agent]);

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label={label}
      data-testid="delivery-map"
      style={{ height, width: '100%', borderRadius: 12, overflow: 'hidden', background: 'var(--mantine-color-gray-1, #eef1ee)', zIndex: 0 }}
    />
  );
}
