import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart } from './Chart.tsx';
import { sampleClicks, sampleDays } from './sampleSeries.ts';

describe('Chart', () => {
  it('is one image named by its summary, with the series named in a text legend', () => {
    render(
      <Chart
        label="Clicks per day, against the 14 days before"
        x={sampleDays}
        series={sampleClicks}
        width={600}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Clicks per day, against the 14 days before' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Clicks',
      'Clicks, previous period',
    ]);
  });

  it('draws nothing where there is no 2D canvas, rather than failing', () => {
    const { container } = render(<Chart label="Clicks" x={sampleDays} series={sampleClicks} width={600} />);
    expect(container.querySelector('canvas')).toBeNull();
    expect(screen.getByRole('img', { name: 'Clicks' })).not.toHaveAttribute('data-state');
  });
});
