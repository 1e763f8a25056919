import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('is a region named by its h2 heading, with its content and action inside', () => {
    render(
      <SectionCard title="Client Details" action={<button type="button">Reload</button>}>
        <p>Client Name</p>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Client Details' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Client Details' })).toBeVisible();
    expect(within(region).getByText('Client Name')).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
