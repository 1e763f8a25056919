import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ExternalNavigationContext, useExternalNavigation } from './browser';

afterEach(cleanup);

describe('leaving the app for another address', () => {
  it("goes there in the browser's own window unless told otherwise", () => {
    const { result } = renderHook(() => useExternalNavigation());
    const away = new URL('#signed-out', window.location.href).href;
    result.current.assign(away);
    expect(window.location.href).toBe(away);
  });

  it('goes the way its provider says, as the tests record it', () => {
    const recorded = { assign: jest.fn<(url: string) => void>() };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ExternalNavigationContext.Provider value={recorded}>
        {children}
      </ExternalNavigationContext.Provider>
    );
    const { result } = renderHook(() => useExternalNavigation(), { wrapper });
    result.current.assign('https://idp.example.com/authorize');
    expect(recorded.assign).toHaveBeenCalledWith('https://idp.example.com/authorize');
  });
});
