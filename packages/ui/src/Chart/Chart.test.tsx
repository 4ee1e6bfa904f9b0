import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart, type ChartSeries } from './Chart.tsx';
import { sampleClicks, sampleDays, sampleMinuteClicks, sampleMinutes } from './sampleSeries.ts';

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

  it('gives a bar series a block in the legend where a line series has a stroke', () => {
    const line: ChartSeries = { label: 'Average', values: sampleMinutes.map(() => 1) };
    render(
      <Chart
        label="Clicks per minute"
        x={sampleMinutes}
        series={[...sampleMinuteClicks, line]}
        width={600}
      />,
    );
    const swatches = screen.getAllByRole('listitem').map((item) => item.querySelector('span')?.className);
    expect(swatches).toHaveLength(2);
    expect(swatches[0]).not.toBe(swatches[1]);
    expect(swatches[0]).toMatch(/barSwatch/);
  });

  it('draws nothing where there is no 2D canvas, rather than failing', () => {
    const { container } = render(<Chart label="Clicks" x={sampleDays} series={sampleClicks} width={600} />);
    expect(container.querySelector('canvas')).toBeNull();
    expect(screen.getByRole('img', { name: 'Clicks' })).not.toHaveAttribute('data-state');
  });
});
