import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, renderHook } from '@testing-library/react';
import {
  setTitleCount,
  useRouteTitle,
  useScreenTitle,
  useTitleProduct,
  useTitleSubject,
} from './document-title';

afterEach(() => {
  cleanup();
  setTitleCount(0);
});

interface Parts {
  route?: string;
  screen?: string;
  subject?: string;
  product?: string;
}

/** One component setting every part, as the shell and a screen do together. */
function Titled({ route, screen, subject, product }: Parts) {
  useRouteTitle(route);
  useScreenTitle(screen);
  useTitleSubject(subject);
  useTitleProduct(product);
  return null;
}

describe("the browser tab's title", () => {
  it('reads subject · screen · product · Onboarding Console', () => {
    render(<Titled route="Setup Details" subject="acme foods" product="Widget Insights" />);
    expect(document.title).toBe(
      'acme foods · Setup Details · Widget Insights · Onboarding Console',
    );
  });

  it('leaves out each part the screen does not have', () => {
    const { rerender } = render(<Titled route="Setups" />);
    expect(document.title).toBe('Setups · Onboarding Console');
    rerender(<Titled route="Setups" product="Widget Insights" />);
    expect(document.title).toBe('Setups · Widget Insights · Onboarding Console');
    rerender(<Titled subject="acme foods" />);
    expect(document.title).toBe('acme foods · Onboarding Console');
    rerender(<Titled />);
    expect(document.title).toBe('Onboarding Console');
  });

  it('leaves out a blank part and trims the others', () => {
    render(<Titled route="  Setups " subject="   " product=" Widget Insights" />);
    expect(document.title).toBe('Setups · Widget Insights · Onboarding Console');
  });

  it("names the screen by its own name over its route's, and by the route's once it goes", () => {
    const { rerender } = render(<Titled route="Setup Details" screen="Page not found" />);
    expect(document.title).toBe('Page not found · Onboarding Console');
    rerender(<Titled route="Setup Details" />);
    expect(document.title).toBe('Setup Details · Onboarding Console');
  });

  it("names the screen by its route's name when its own is blank", () => {
    render(<Titled route="Setup Details" screen="  " />);
    expect(document.title).toBe('Setup Details · Onboarding Console');
  });

  it('agrees whichever component sets its part first', () => {
    const product = renderHook(() => useTitleProduct('Widget Insights'));
    const subject = renderHook(() => useTitleSubject('acme foods'));
    const route = renderHook(() => useRouteTitle('Edit Setup'));
    expect(document.title).toBe('acme foods · Edit Setup · Widget Insights · Onboarding Console');
    product.unmount();
    expect(document.title).toBe('acme foods · Edit Setup · Onboarding Console');
    route.unmount();
    subject.unmount();
    expect(document.title).toBe('Onboarding Console');
  });

  it('shows a changed part in place of the one before', () => {
    const { rerender } = renderHook<void, { name?: string }>(({ name }) => useTitleSubject(name), {
      initialProps: { name: 'acme foods' },
    });
    expect(document.title).toBe('acme foods · Onboarding Console');
    rerender({ name: 'birch goods' });
    expect(document.title).toBe('birch goods · Onboarding Console');
    rerender({ name: undefined });
    expect(document.title).toBe('Onboarding Console');
  });

  it('keeps the part a newer screen set when the screen before it goes', () => {
    const before = renderHook(() => useTitleSubject('acme foods'));
    renderHook(() => useTitleSubject('birch goods'));
    expect(document.title).toBe('birch goods · Onboarding Console');
    before.unmount();
    expect(document.title).toBe('birch goods · Onboarding Console');
  });
});

describe("the failure watch's count in the title", () => {
  it('leads the title while there are unseen events, and goes with the last', () => {
    render(<Titled route="Setups" />);
    setTitleCount(3);
    expect(document.title).toBe('(3) Setups · Onboarding Console');
    setTitleCount(1);
    expect(document.title).toBe('(1) Setups · Onboarding Console');
    setTitleCount(0);
    expect(document.title).toBe('Setups · Onboarding Console');
  });

  it('stays in front while the screen changes its parts', () => {
    setTitleCount(12);
    const { rerender } = render(<Titled route="Setups" />);
    expect(document.title).toBe('(12) Setups · Onboarding Console');
    rerender(<Titled route="Setup Details" subject="acme foods" />);
    expect(document.title).toBe('(12) acme foods · Setup Details · Onboarding Console');
  });
});
