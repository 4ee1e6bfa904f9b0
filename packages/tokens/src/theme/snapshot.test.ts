import { describe, expect, it } from 'vitest';
import { committedTokenSnapshots, expectedTokenSnapshots } from './snapshot.ts';

const updateCommand = 'npm run tokens:snapshot -w @cairn/tokens';

describe('resolved token snapshot', () => {
  const expected = expectedTokenSnapshots();
  const committed = committedTokenSnapshots();

  it('has one file per scheme x theme, one per high-contrast theme and no other', () => {
    expect([...committed.keys()].toSorted(), `run \`${updateCommand}\``).toEqual(
      [...expected.keys()].toSorted(),
    );
  });

  it.each([...expected.keys()])('%s matches every value the scheme resolves today', (name) => {
    // Parsed, so the failure lists the changed tokens by name rather than as one long string.
    const committedValues: unknown = JSON.parse(committed.get(name) ?? '{}');
    expect(committedValues, `tokens changed: review the diff, then run \`${updateCommand}\``).toEqual(
      JSON.parse(expected.get(name) ?? ''),
    );
    expect(committed.get(name), `formatting differs: run \`${updateCommand}\``).toBe(expected.get(name));
  });
});
