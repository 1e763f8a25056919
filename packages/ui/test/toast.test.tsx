import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast } from '../src/toast.js';

function Trigger({ onClosed }: { onClosed: () => void }) {
  const toast = useToast();
  return <button onClick={() => toast.show({ message: 'Saved', onClosed })}>Save</button>;
}

describe('Toast', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the message for 3 seconds, then runs what follows', async () => {
    const onClosed = jest.fn();
    render(
      <ToastProvider>
        <Trigger onClosed={onClosed} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The snackbar's code arrives with the first message.
    expect(await screen.findByRole('alert')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(2900));
    expect(onClosed).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(200));
    expect(onClosed).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
