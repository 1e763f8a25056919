import { describe, expect, it } from '@jest/globals';
import { ROUTES } from '@/lib/routes';
import { modeOf } from './route-mode';

describe('the setup form mode of a route', () => {
  it('is the mode the route table gives the form routes', () => {
    expect(modeOf({ name: 'remOmniProspect', ...ROUTES.remOmniProspect })).toBe('prospect');
    expect(modeOf({ name: 'remOmniClient', ...ROUTES.remOmniClient })).toBe('client');
    expect(modeOf({ name: 'remOmniEditSetup', ...ROUTES.remOmniEditSetup })).toBe('edit');
    expect(modeOf({ name: 'productClient', ...ROUTES.productClient })).toBe('client');
    expect(modeOf({ name: 'productEditSetup', ...ROUTES.productEditSetup })).toBe('edit');
  });

  it('is prospect when the route names no mode', () => {
    expect(modeOf({ name: 'remOmniSeeAll', ...ROUTES.remOmniSeeAll })).toBe('prospect');
    expect(modeOf({})).toBe('prospect');
  });

  it('is prospect when no named route matched', () => {
    expect(modeOf(null)).toBe('prospect');
  });

  it('is prospect when the mode is not text', () => {
    expect(modeOf({ mode: 2 })).toBe('prospect');
    expect(modeOf({ mode: null })).toBe('prospect');
  });
});
