import { describe, expect, it } from '@jest/globals';
import { loginPath, routeOfHandles, routePath, routePattern, safeReturnPath } from './routes';

describe('routeOfHandles', () => {
  it('finds the innermost named route past matches without a handle', () => {
    expect(routeOfHandles([{ route: 'remOmniSeeAll' }, { route: 'login' }])).toBe('login');
    expect(routeOfHandles([{ route: 'remOmniSeeAll' }, undefined, null, 'x', {}])).toBe(
      'remOmniSeeAll',
    );
  });

  it('finds no route when no match names one', () => {
    expect(routeOfHandles([])).toBeNull();
    expect(routeOfHandles([undefined, {}])).toBeNull();
  });
});

describe('routePath', () => {
  it('fills in the params, encoded', () => {
    expect(routePath('productEditSetup', { id: 3, setupId: 'a b' })).toBe(
      '/product/3/editSetup/a%20b',
    );
  });

  it('refuses to build a path without one of its params', () => {
    const build = () =>
      routePath('productEditSetup', { id: 3 } as unknown as { id: number; setupId: number });
    expect(build).toThrow(new Error('Route productEditSetup needs the param setupId'));
  });

  it('leaves out query values that are absent or empty', () => {
    expect(routePath('remOmniSeeAll', undefined, { a: undefined, b: '', c: 0, d: 'x' })).toBe(
      '/rem_omni/see_all?c=0&d=x',
    );
    expect(routePath('remOmniSeeAll', undefined, { a: undefined, b: '' })).toBe(
      '/rem_omni/see_all',
    );
  });
});

describe('routePattern', () => {
  it("is the route's path with its params unfilled", () => {
    expect(routePattern('editStep')).toBe('/product/:id/edit_step/:stepId');
  });
});

describe('safeReturnPath', () => {
  it.each(['/rem_omni/see_all', '/product/3/details/4?tab=steps', '/', '/loginx', '/a/login'])(
    'keeps the same-origin path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['relative', 'rem_omni/see_all'],
    ['an absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example/'],
    ['a backslash', '/\\evil.example'],
    ['the login page', '/login'],
    ['the login page with a query', '/login?returnTo=%2F'],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('loginPath', () => {
  it('remembers a same-origin path to return to', () => {
    expect(loginPath('/product/3/all_setup?page=2')).toBe(
      '/login?returnTo=%2Fproduct%2F3%2Fall_setup%3Fpage%3D2',
    );
  });

  it('remembers nothing unsafe or absent', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(loginPath('/login?returnTo=%2F')).toBe('/login');
  });
});
