import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { LoadingOverlay } from '../src/loading-overlay.js';

describe('LoadingOverlay', () => {
  it('shows a labelled spinner while open', () => {
    render(<LoadingOverlay open label="Loading setups" />);
    expect(screen.getByRole('progressbar', { name: 'Loading setups' })).toBeInTheDocument();
  });

  it('shows nothing when closed', () => {
    render(<LoadingOverlay open={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
