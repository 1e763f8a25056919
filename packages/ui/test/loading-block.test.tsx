import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { LoadingBlock } from '../src/loading-block.js';

describe('LoadingBlock', () => {
  it('shows a spinner named after what is loading', () => {
    render(<LoadingBlock label="Loading browse nodes" />);
    expect(screen.getByRole('progressbar', { name: 'Loading browse nodes' })).toBeVisible();
  });

  it('shows its spinner only once the load has taken delayMs, keeping its space meanwhile', async () => {
    const { container } = render(<LoadingBlock label="Loading browse nodes" delayMs={150} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveStyle({ height: 'calc(40px + 48px)' });
    expect(await screen.findByRole('progressbar', { name: 'Loading browse nodes' })).toBeVisible();
  });
});
