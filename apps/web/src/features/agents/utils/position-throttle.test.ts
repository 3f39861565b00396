import { describe, expect, it } from 'vitest';
import { shouldSendPosition } from './position-throttle';

const START = { lat: 5.6, lng: -0.18, at: 1_000_000 };

describe('shouldSendPosition', () => {
  it('sends the first position', () => {
    expect(shouldSendPosition(null, START)).toBe(true);
  });

  it('holds back a position close in time and space', () => {
    expect(shouldSendPosition(START, { ...START, lat: 5.6001, at: START.at + 3_000 })).toBe(false);
  });

  it('sends after 10 s even without moving', () => {
    expect(shouldSendPosition(START, { ...START, at: START.at + 10_000 })).toBe(true);
  });

  it('sends sooner after moving 50 m or more', () => {
    // 0.0005 degrees of latitude is about 55 m.
    expect(shouldSendPosition(START, { ...START, lat: 5.6005, at: START.at + 2_000 })).toBe(true);
  });
});
