import { describe, expect, it } from 'vitest';
import { boundsOf, distanceKm, estimateArrivalMinutes, routePoints } from './map-geometry';

const ACCRA = { lat: 5.6037, lng: -0.187 };
const KUMASI = { lat: 6.6885, lng: -1.6244 };

describe('map geometry', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(ACCRA, ACCRA)).toBe(0);
    expect(distanceKm(ACCRA, KUMASI)).toBeGreaterThan(195);
    expect(distanceKm(ACCRA, KUMASI)).toBeLessThan(205);
  });

  it('draws the route through the known points, farm then agent then drop-off', () => {
    expect(routePoints(ACCRA, null, KUMASI)).toEqual([ACCRA, KUMASI]);
    expect(routePoints(null, ACCRA, null)).toEqual([ACCRA]);
  });

  it('frames the points', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([ACCRA, KUMASI])).toEqual([
      [5.6037, -1.6244],
      [6.6885, -0.187],
    ]);
  });

  it('estimates arrival in whole minutes, at least one', () => {
    expect(estimateArrivalMinutes(null, ACCRA, 30)).toBeNull();
    expect(estimateArrivalMinutes(ACCRA, ACCRA, 30)).toBe(1);
    const minutes = estimateArrivalMinutes(ACCRA, KUMASI, 60);
    expect(minutes).toBeGreaterThan(195);
    expect(minutes).toBeLessThan(206);
  });
});
