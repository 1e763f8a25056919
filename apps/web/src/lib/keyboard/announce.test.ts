import { afterEach, describe, expect, it } from '@jest/globals';
import { announce, prepareAnnouncer } from './announce';

afterEach(() => {
  document.body.replaceChildren();
});

const regions = () => [...document.querySelectorAll<HTMLElement>('[aria-live]')];

/** The page's one live region (the test fails on none or more). */
function region(): HTMLElement {
  const found = regions();
  expect(found).toHaveLength(1);
  return found[0]!;
}

function page() {
  const main = document.createElement('main');
  document.body.append(main);
  return main;
}

describe("the keyboard shortcuts' live region", () => {
  it('is made polite and read whole, empty, before the first text', () => {
    const main = page();
    prepareAnnouncer();
    const made = region();
    expect(made).toHaveAttribute('aria-live', 'polite');
    expect(made).toHaveAttribute('aria-atomic', 'true');
    expect(made).toHaveTextContent('');
    expect(made.parentElement).toBe(main);
  });

  it('is hidden from sight but not from screen readers', () => {
    page();
    prepareAnnouncer();
    expect(region().style).toMatchObject({
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      padding: '0px',
    });
    expect(region()).not.toHaveAttribute('aria-hidden');
  });

  it('says each text put in it', () => {
    page();
    announce('Row 3 of 20, acme foods');
    expect(region()).toHaveTextContent('Row 3 of 20, acme foods');
    announce('2 selected');
    expect(region().textContent).toBe('2 selected');
  });

  it('says the same text twice as a change the reader reads again', () => {
    page();
    announce('2 selected');
    announce('2 selected');
    expect(region().textContent).toBe('2 selected\u00a0');
    announce('2 selected');
    expect(region().textContent).toBe('2 selected');
  });

  it('is one region however many texts are said', () => {
    page();
    prepareAnnouncer();
    announce('No rows shown.');
    prepareAnnouncer();
    announce('2 selected');
    expect(regions()).toHaveLength(1);
  });

  it('sits in the page itself when there is no main landmark', () => {
    announce('No rows shown.');
    expect(region().parentElement).toBe(document.body);
  });

  it('is made again inside the new main when the main was replaced', () => {
    page();
    announce('2 selected');
    const next = document.createElement('main');
    document.body.replaceChildren(next);
    announce('No rows shown.');
    expect(region().parentElement).toBe(next);
    expect(region().textContent).toBe('No rows shown.');
  });
});
