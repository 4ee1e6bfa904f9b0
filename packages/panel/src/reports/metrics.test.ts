import { describe, expect, it } from 'vitest';
import { METRIC_DEFS, metricWidth } from './metrics.ts';

describe('metric columns', () => {
  it('leave room for the header and widen with a larger text, never narrowing below it', () => {
    expect(metricWidth('revenue', 6)).toBeGreaterThan(metricWidth('revenue', 0));
    expect(metricWidth('revenue', -4)).toBe(metricWidth('revenue', 0));
    // The longest default header fits beside its sort mark.
    expect(metricWidth('leads')).toBeGreaterThan(METRIC_DEFS.leads.label.length * 8);
    expect(metricWidth('cost')).toBeGreaterThan(metricWidth('clicks'));
  });
});
