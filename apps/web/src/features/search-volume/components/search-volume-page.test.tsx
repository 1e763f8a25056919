import { expect, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { SearchVolumePage } from './search-volume-page';

test('says the search volume view is experimental and not available yet', () => {
  render(<SearchVolumePage />);
  expect(screen.getByRole('heading', { name: 'Search Volume' })).toBeInTheDocument();
  expect(
    screen.getByText('The search volume view is experimental and not available yet.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Experimental')).toBeInTheDocument();
});
