import { buildGazetteer, type Gazetteer } from '../../../places/gazetteer';

/** The demo farms' towns and regions (apps/server/src/seed/catalogue-data.ts) and two address cities. */
export const TEST_PLACES = [
  { name: 'Kumasi', lat: 6.6885, lng: -1.6244 },
  { name: 'Ashanti', lat: 6.6885, lng: -1.6244 },
  { name: 'Ejisu', lat: 6.725, lng: -1.47 },
  { name: 'Ashanti', lat: 6.725, lng: -1.47 },
  { name: 'Cape Coast', lat: 5.1053, lng: -1.2466 },
  { name: 'Central', lat: 5.1053, lng: -1.2466 },
  { name: 'Ho', lat: 6.6008, lng: 0.4713 },
  { name: 'Volta', lat: 6.6008, lng: 0.4713 },
  { name: 'Tamale', lat: 9.4034, lng: -0.8424 },
  { name: 'Northern', lat: 9.4034, lng: -0.8424 },
  { name: 'Akropong', lat: 5.9747, lng: -0.0886 },
  { name: 'Eastern', lat: 5.9747, lng: -0.0886 },
  { name: 'Bolgatanga', lat: 10.7856, lng: -0.8514 },
  { name: 'Upper East', lat: 10.7856, lng: -0.8514 },
  { name: 'Madina', lat: 5.6685, lng: -0.1657 },
  { name: 'Greater Accra', lat: 5.6685, lng: -0.1657 },
  { name: 'Accra', lat: 5.556, lng: -0.182 },
  { name: 'Adenta', lat: 5.7095, lng: -0.154 },
];

export const TEST_PRODUCT_TITLES = ['Roma Tomatoes', 'Wildflower Honey', 'Free-Range Eggs', 'Yam (Pona)', 'Garden Eggs', 'Kontomire (Cocoyam Leaves)', 'Bolga Market Basket'];

export function testGazetteer(): Gazetteer {
  return buildGazetteer(TEST_PLACES, TEST_PRODUCT_TITLES);
}
