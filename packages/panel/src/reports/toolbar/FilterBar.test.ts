import { describe, expect, it } from 'vitest';
import { filterValueProblem } from './FilterBar.tsx';

describe('filter values', () => {
  it('refuses a country by its name with the code it stands for, never a filter that matches nothing', () => {
    expect(filterValueProblem('country', ['United States'])).toBe(
      '“United States” is not valid here: two-letter country codes such as US (try “US”)',
    );
    expect(filterValueProblem('country', ['Atlantis'])).toBe(
      '“Atlantis” is not valid here: two-letter country codes such as US',
    );
    expect(filterValueProblem('country', ['US', 'DE'])).toBeUndefined();
  });
});
