import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar.tsx';

function bar() {
  return screen.getByRole('progressbar', { name: 'Uploading clicks.csv' });
}

describe('ProgressBar', () => {
  it('tells assistive technology how far a task with a value has got, out of 100', () => {
    render(<ProgressBar label="Uploading clicks.csv" value={42.6} valueText="4.3 MB of 10 MB" />);
    expect(bar()).toHaveAttribute('aria-valuemin', '0');
    expect(bar()).toHaveAttribute('aria-valuemax', '100');
    expect(bar()).toHaveAttribute('aria-valuenow', '43');
    expect(bar()).toHaveAttribute('aria-valuetext', '4.3 MB of 10 MB');
    expect(bar()).toHaveAttribute('data-state', 'determinate');
  });

  it('fills the bar as far as the value says', () => {
    const { rerender } = render(<ProgressBar label="Uploading clicks.csv" value={25} />);
    const fill = () => Array.from(bar().style).map((name) => bar().style.getPropertyValue(name));
    expect(fill()).toEqual(['25%']);
    rerender(<ProgressBar label="Uploading clicks.csv" value={80} />);
    expect(fill()).toEqual(['80%']);
  });

  it('clamps a value outside 0 to 100', () => {
    const { rerender } = render(<ProgressBar label="Uploading clicks.csv" value={140} />);
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    rerender(<ProgressBar label="Uploading clicks.csv" value={-5} />);
    expect(bar()).toHaveAttribute('aria-valuenow', '0');
  });

  it('stays indeterminate without a value, with no amount announced', () => {
    render(<ProgressBar label="Uploading clicks.csv" />);
    expect(bar()).not.toHaveAttribute('aria-valuenow');
    expect(bar()).toHaveAttribute('data-state', 'indeterminate');
    expect(bar().getAttribute('style')).toBeNull();
  });

  it('treats a value that is no number (0 of 0 bytes) as unknown rather than drawing NaN', () => {
    render(<ProgressBar label="Uploading clicks.csv" value={0 / 0} />);
    expect(bar()).not.toHaveAttribute('aria-valuenow');
    expect(bar()).toHaveAttribute('data-state', 'indeterminate');
  });
});
