import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field.tsx';
import { InputFrame } from './InputFrame.tsx';

describe('Field', () => {
  it('labels its control and describes it by the error first, then the description', () => {
    render(
      <Field label="Cost per click" description="In the campaign currency" error="Must be positive" required>
        {(aria) => <input {...aria} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Cost per click/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('Must be positive In the campaign currency');
    // The required star is for the eye only; aria-required says it to assistive tech.
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps the id it is given, and shows no error for `false`', () => {
    render(
      <Field id="cpc" label="CPC" error={false}>
        {(aria) => <input {...aria} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'CPC' });
    expect(input).toHaveAttribute('id', 'cpc');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('InputFrame', () => {
  it('puts the adornments around the input and marks the box invalid or disabled', () => {
    render(
      <InputFrame invalid disabled prefix="$" suffix="per click">
        <input aria-label="Bid" />
      </InputFrame>,
    );
    const box = screen.getByRole('textbox', { name: 'Bid' }).parentElement as HTMLElement;
    expect(box.textContent).toBe('$per click');
    expect(box.firstElementChild).toHaveTextContent('$');
    expect(box.lastElementChild).toHaveTextContent('per click');
    expect(box).toHaveAttribute('data-invalid', 'true');
    expect(box).toHaveAttribute('data-disabled', 'true');
  });
});
