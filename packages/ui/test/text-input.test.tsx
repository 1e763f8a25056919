import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { TextInput } from '../src/text-input.js';

describe('TextInput', () => {
  it('is named by its label and described by its error', () => {
    const { rerender } = render(
      <TextInput label="Your email" type="email" value="" onChange={() => undefined} />,
    );
    const box = screen.getByRole('textbox', { name: 'Your email' });
    expect(box).toHaveAttribute('type', 'email');
    expect(box).not.toHaveAccessibleDescription();
    rerender(
      <TextInput
        label="Your email"
        type="email"
        value=""
        onChange={() => undefined}
        error="Please enter an email ID."
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Your email' })).toHaveAccessibleDescription(
      'Please enter an email ID.',
    );
  });
});
