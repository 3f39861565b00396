import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { composerPrompt as promptOf } from './composer-prompt';

const composerPrompt = (roles: Parameters<typeof promptOf>[0]) => i18n._(promptOf(roles));

describe('composer prompt', () => {
  it('speaks to a farm, an agent and a buyer in their own terms', () => {
    expect(composerPrompt(['buyer', 'seller'])).toBe('Share something from your farm…');
    expect(composerPrompt(['buyer', 'seller', 'agent'])).toBe('Share something from your farm…');
    expect(composerPrompt(['buyer', 'agent'])).toBe('Share something from your delivery rounds…');
    expect(composerPrompt(['buyer'])).toBe('Share a recipe, a good find or a question for the farms…');
    expect(composerPrompt(['buyer', 'admin'])).toBe('Share a recipe, a good find or a question for the farms…');
    expect(composerPrompt(undefined)).toBe('Share a recipe, a good find or a question for the farms…');
  });

  it('never asks a buyer about a farm', () => {
    expect(composerPrompt(['buyer'])).not.toMatch(/farm…$/);
  });
});
