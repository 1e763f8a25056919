import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { App } from './app';

describe('App', () => {
  it('names the product', () => {
    render(<App />);
    expect(screen.getByText('Onboarding Console')).toBeInTheDocument();
  });
});
