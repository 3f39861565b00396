import { describe, expect, it } from 'vitest';
import type { TAssistantBlock } from '@pulse/contract/assistant';
import { blocksToShow, changesBasket, describeBasketAdded, describeWallet, formatDistance, isInternalLink, orderCardName, orderLinks, productPlace, seeAllLink } from './block-format';
import { describeAskFailure } from './describe-ask-failure';
import { mentionsNearMe } from './near-me';

const ORDER_ID = '00000000-0000-4000-8000-0000000000aa';

describe('product cards', () => {
  it('rounds distances to whole kilometres, metres under one', () => {
    expect(formatDistance(12.4)).toBe('12 km');
    expect(formatDistance(0.43)).toBe('400 m');
    expect(formatDistance(0.01)).toBe('100 m');
    expect(formatDistance(null)).toBeNull();
  });

  it('says how far and where a product is, distance first', () => {
    expect(productPlace({ region: 'Ejisu, Ashanti', distanceKm: 17.8 })).toBe('18 km · Ejisu, Ashanti');
    expect(productPlace({ region: 'Ashanti', distanceKm: null })).toBe('Ashanti');
    expect(productPlace({ region: ' ', distanceKm: null })).toBe('');
  });

  it('follows only a product listing link for "See all"', () => {
    expect(seeAllLink('/product-listing?q=tomatoes&organic=true')).toBe('/product-listing?q=tomatoes&organic=true');
    expect(seeAllLink('/product-listing')).toBe('/product-listing');
    expect(seeAllLink('https://elsewhere.example/product-listing')).toBeNull();
    expect(seeAllLink(null)).toBeNull();
  });
});

describe('other blocks', () => {
  it('says what was added to the basket', () => {
    expect(describeBasketAdded({ title: 'Tomatoes', quantity: 2, unit: 'kg' })).toBe('Added 2 kg of Tomatoes');
    expect(describeBasketAdded({ title: 'Plantain', quantity: 1, unit: 'bunch' })).toBe('Added 1 bunch of Plantain');
    expect(describeBasketAdded({ title: 'Eggs', quantity: 3, unit: 'dozen' })).toBe('Added 3 dozen of Eggs');
  });

  it('formats the wallet in its currency', () => {
    expect(describeWallet({ availableMinor: 12_550, escrowMinor: 0, currency: 'USD' }, 'en-US')).toEqual({ available: '$125.50', escrow: '$0.00' });
  });

  it('names an order card by its number and links the order and its delivery', () => {
    expect(orderCardName({ number: '1A2B3C4D' })).toBe('Order 1A2B3C4D');
    expect(orderLinks({ id: ORDER_ID, links: [], delivery: 'On the way' })).toEqual([
      { label: 'Open order', to: `/order/${ORDER_ID}` },
      { label: 'Track delivery', to: `/order-delivery/${ORDER_ID}` },
    ]);
    expect(orderLinks({ id: ORDER_ID, links: [], delivery: null })).toEqual([{ label: 'Open order', to: `/order/${ORDER_ID}` }]);
    const given = [{ label: 'Open order', to: `/order/${ORDER_ID}` }];
    expect(orderLinks({ id: ORDER_ID, links: given, delivery: 'On the way' })).toBe(given);
  });

  it('routes links inside the app, not links elsewhere', () => {
    expect(isInternalLink('/agent-registration')).toBe(true);
    expect(isInternalLink('//evil.example')).toBe(false);
    expect(isInternalLink('https://example.com')).toBe(false);
  });

  it('shows one way to the basket after adding to it', () => {
    const added: TAssistantBlock = { type: 'basket_added', productId: ORDER_ID, title: 'Tomatoes', quantity: 2, unit: 'kg' };
    const links: TAssistantBlock = { type: 'links', items: [{ label: 'Open your basket', to: '/basket' }] };
    const more: TAssistantBlock = { type: 'links', items: [{ label: 'Open your basket', to: '/basket' }, { label: 'Wallet', to: '/wallet' }] };
    expect(blocksToShow([added, links])).toEqual([added]);
    expect(blocksToShow([added, more])).toEqual([added, { type: 'links', items: [{ label: 'Wallet', to: '/wallet' }] }]);
    expect(blocksToShow([links])).toEqual([links]);
  });

  it('knows when an answer changed the basket', () => {
    const added: TAssistantBlock = { type: 'basket_added', productId: ORDER_ID, title: 'Tomatoes', quantity: 2, unit: 'kg' };
    expect(changesBasket([{ type: 'links', items: [] }, added])).toBe(true);
    expect(changesBasket([{ type: 'links', items: [] }])).toBe(false);
  });
});

describe('asking', () => {
  it('asks for the position only for questions about the person\'s surroundings', () => {
    expect(mentionsNearMe('organic tomatoes near me')).toBe(true);
    expect(mentionsNearMe('Any farms NEARBY?')).toBe(true);
    expect(mentionsNearMe('eggs close to me please')).toBe(true);
    expect(mentionsNearMe('tomatoes near Kumasi')).toBe(false);
    expect(mentionsNearMe('where is my order')).toBe(false);
  });

  it('words failures politely', () => {
    expect(describeAskFailure({ kind: 'http', status: 429 })).toMatch(/wait a moment/);
    expect(describeAskFailure({ kind: 'http', status: 400, serverMessage: 'Keep it under 1000 characters' })).toBe('Keep it under 1000 characters');
    expect(describeAskFailure({ kind: 'http', status: 503, serverMessage: 'db down' })).toBe('Pulse Assistant could not answer just now. Please try again.');
    expect(describeAskFailure({ kind: 'stream', message: '' })).toBe('Something went wrong while answering. Please try again.');
    expect(describeAskFailure({ kind: 'network' })).toMatch(/connection/);
  });
});
