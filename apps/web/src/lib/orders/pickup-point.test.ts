import { describe, expect, it } from 'vitest';
import { phoneHref, pickupAddressLines, pickupDirectionsUrl } from './pickup-point';

describe('pickup point', () => {
  it('links to directions to the farm point, and to nothing without one', () => {
    expect(pickupDirectionsUrl({ lat: 6.72, lng: -1.47 })).toBe('https://www.google.com/maps/dir/?api=1&destination=6.720000%2C-1.470000');
    expect(pickupDirectionsUrl({ lat: null, lng: null })).toBeNull();
  });

  it('dials the number as written, without its spacing', () => {
    expect(phoneHref('+233 (24) 555-0101')).toBe('tel:+233245550101');
  });

  it('leaves out a place the farm did not give', () => {
    expect(pickupAddressLines({ farmName: 'Green Valley Farm', place: 'Ejisu' })).toEqual(['Green Valley Farm', 'Ejisu']);
    expect(pickupAddressLines({ farmName: 'Green Valley Farm', place: '' })).toEqual(['Green Valley Farm']);
  });
});
