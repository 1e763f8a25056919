import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { LoadingBlock } from '../src/loading-block.js';

describe('LoadingBlock', () => {
  it('shows a spinner named after what is loading', () => {
    render(<LoadingBlock label="Loading browse nodes" />);
    expect(screen.getByRole('progressbar', { name: 'Loading browse nodes' })).toBeVisible();
  });
});
