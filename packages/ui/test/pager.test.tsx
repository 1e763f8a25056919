import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PageOutOfRange, Pager } from '../src/pager.js';

describe('Pager', () => {
  it('offers Previous, numbered pages and Next', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Pager page={1} pageCount={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('disables Next on the last page', () => {
    render(<Pager page={3} pageCount={3} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('is hidden when everything fits on one page', () => {
    render(<Pager page={1} pageCount={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('PageOutOfRange', () => {
  it('says the page is past the end and leads to the last page or the first', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<PageOutOfRange page={99} lastPage={3} onChange={onChange} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'There is no page 99: this list has 3 pages.',
    );
    await user.click(screen.getByRole('button', { name: 'Go to the last page' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('offers the first page alone while the last is unknown, or when there is one page', () => {
    const { rerender } = render(
      <PageOutOfRange page={5} lastPage={null} onChange={() => undefined} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('There is no page 5 in this list.');
    expect(screen.queryByRole('button', { name: 'Go to the last page' })).not.toBeInTheDocument();
    rerender(<PageOutOfRange page={5} lastPage={1} onChange={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'There is no page 5: this list has 1 page.',
    );
    expect(screen.getByRole('button', { name: 'Go to the first page' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Go to the last page' })).not.toBeInTheDocument();
  });
});
