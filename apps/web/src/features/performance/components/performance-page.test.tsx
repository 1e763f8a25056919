import { expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PerformancePage } from './performance-page';

test('shows Performance Coming Soon! as the page heading', () => {
  render(<PerformancePage />);
  expect(screen.getByRole('heading', { name: 'Performance Coming Soon!' })).toBeInTheDocument();
});
