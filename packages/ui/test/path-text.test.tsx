import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PathText, splitPath } from '../src/path-text.js';

const PATH = 'Patio, Lawn & Garden > Grills & Outdoor Cooking > Grill Covers';

describe('PathText', () => {
  it('splits a path before its last part', () => {
    expect(splitPath(PATH)).toEqual([
      'Patio, Lawn & Garden > Grills & Outdoor Cooking',
      'Grill Covers',
    ]);
    expect(splitPath('Grocery')).toEqual(['', 'Grocery']);
  });

  it('keeps the last part apart, never shrinking, and cuts the parents from the left', () => {
    const { container } = render(<PathText path={PATH} />);
    const [head, tail] = [...container.querySelectorAll('[aria-hidden]')] as HTMLElement[];
    expect(tail).toHaveTextContent('Grill Covers');
    expect(tail!.style.flexShrink).toBe('0');
    expect(head).toHaveTextContent('Patio, Lawn & Garden > Grills & Outdoor Cooking >');
    expect(head!.style.direction).toBe('rtl');
    expect(head!.style.textOverflow).toBe('ellipsis');
  });

  it('reads and titles the whole path', () => {
    const { container } = render(<PathText path={PATH} />);
    expect(screen.getByText(PATH)).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('title', PATH);
  });

  it('shows a one-part path as it is', () => {
    const { container } = render(<PathText path="Grocery" />);
    expect(container).toHaveTextContent(/^Grocery$/);
    expect(container.firstElementChild).toHaveAttribute('title', 'Grocery');
  });
});
