import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton.tsx';

describe('Skeleton', () => {
  it('is hidden from assistive tech, which hears the busy state of the region instead', () => {
    const { container } = render(<Skeleton width={120} />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws a paragraph as lines with a shorter last one', () => {
    const { container } = render(<Skeleton lines={3} />);
    const lines = Array.from(container.firstElementChild?.children ?? []) as HTMLElement[];
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => line.style.width)).toEqual(['100%', '100%', '60%']);
  });

  it('draws a round avatar as wide as it is high', () => {
    const { container } = render(<Skeleton circle height={40} width={300} />);
    const circle = container.firstElementChild as HTMLElement;
    expect(circle.style.width).toBe('40px');
    expect(circle.style.height).toBe('40px');
    expect(circle.style.borderRadius).toBe('50%');
  });
});
