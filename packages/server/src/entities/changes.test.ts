import { describe, expect, it } from 'vitest';
import { EntityChanges } from './changes.ts';

describe('EntityChanges', () => {
  it('resolves an emit once every listener has applied the change', async () => {
    const changes = new EntityChanges();
    let release = () => {};
    const applied: string[] = [];
    changes.onChange(
      (kind, id) =>
        new Promise<void>((resolve) => {
          release = () => {
            applied.push(`${kind}:${id}`);
            resolve();
          };
        }),
    );
    changes.onChange(() => 42);
    let emitted = false;
    const emit = changes.emit('campaign', 7).then(() => {
      emitted = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(emitted).toBe(false);
    release();
    await emit;
    expect(applied).toEqual(['campaign:7']);
  });

  it('reports a failing listener and still resolves for the others', async () => {
    const errors: unknown[] = [];
    const changes = new EntityChanges((error) => errors.push(error));
    const seen: number[] = [];
    changes.onChange(() => Promise.reject(new Error('copy not updated')));
    changes.onChange(() => {
      throw new Error('thrown at once');
    });
    changes.onChange((_kind, id) => seen.push(id));
    await expect(changes.emit('offer', 3)).resolves.toBeUndefined();
    expect(seen).toEqual([3]);
    expect(errors.map((error) => (error as Error).message).sort()).toEqual([
      'copy not updated',
      'thrown at once',
    ]);
  });
});
