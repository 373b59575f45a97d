import { describe, expect, it } from 'vitest';
import { dashboardRedirectTarget } from './redirect-target';

const origin = 'https://kanat360.example';

describe('dashboardRedirectTarget', () => {
  it('goes to the panel home without a redirect parameter', () => {
    expect(dashboardRedirectTarget('', origin)).toBe('/dashboard');
    expect(dashboardRedirectTarget('?redirect=', origin)).toBe('/dashboard');
  });

  it('keeps a panel path with its query and hash', () => {
    expect(dashboardRedirectTarget('?redirect=%2Fdashboard%2Fturbine%2F7%3Fyear%3D2024%23photos', origin)).toBe(
      '/dashboard/turbine/7?year=2024#photos',
    );
    expect(dashboardRedirectTarget('?redirect=/dashboard', origin)).toBe('/dashboard');
  });

  it.each([
    'https://evil.example/dashboard',
    '//evil.example/dashboard',
    '/\\evil.example/dashboard',
    '/login',
    '/dashboardx',
    '/dashboard/../login',
    'javascript:alert(1)',
    'dashboard',
  ])('refuses %s', (redirect) => {
    expect(dashboardRedirectTarget(`?redirect=${encodeURIComponent(redirect)}`, origin)).toBe('/dashboard');
  });
});
