import { describe, expect, it } from 'vitest';
import { panelBasepathRewrite } from './panel-basepath';

const input = (href: string) => {
  const url = panelBasepathRewrite.input({ url: new URL(href, 'http://localhost') });
  return url.pathname + url.search;
};
const output = (path: string) => {
  const url = panelBasepathRewrite.output({ url: new URL(path, 'http://localhost') });
  return url.pathname + url.search;
};

describe('panelBasepathRewrite', () => {
  it('reads /dashboard and /dashboard/ as the panel home', () => {
    expect(input('/dashboard')).toBe('/');
    expect(input('/dashboard/')).toBe('/');
    expect(input('/dashboard?view=list')).toBe('/?view=list');
  });

  it('strips the base from deeper paths only at a segment boundary', () => {
    expect(input('/dashboard/turbine/5/360-view')).toBe('/turbine/5/360-view');
    expect(input('/dashboards')).toBe('/dashboards');
  });

  it('writes the home as /dashboard, without a trailing slash', () => {
    expect(output('/')).toBe('/dashboard');
    expect(output('/?view=grid')).toBe('/dashboard?view=grid');
    expect(output('/companies')).toBe('/dashboard/companies');
  });
});
