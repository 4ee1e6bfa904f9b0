export type Logger = Pick<Console, 'warn'>;

/**
 * How a stored value is checked: a zod schema, or a hand-written check of the same shape. The stores
 * the panel reads before its first screen use hand-written ones, so that screen needs no zod.
 */
export interface StoredShape<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A StoredShape from a function giving the value's valid form (extra fields dropped), or undefined. */
export function storedShape<T>(read: (value: unknown) => T | undefined): StoredShape<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

/** A JSON object (not null, not an array), as a zod object schema accepts. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const storedString = storedShape((value) => (typeof value === 'string' ? value : undefined));

/** Reads a JSON value and validates it; anything unreadable or off-shape is logged and ignored. */
export function readJson<T>(
  storage: Pick<Storage, 'getItem'>,
  key: string,
  schema: StoredShape<T>,
  logger: Logger = console,
): T | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch (error) {
    logger.warn(`Local storage is not readable (${key})`, error);
    return undefined;
  }
  if (raw === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    logger.warn(`Ignoring malformed stored ${key}`);
    return undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  logger.warn(`Ignoring stored ${key} of an unexpected shape`);
  return undefined;
}

export function writeJson(
  storage: Pick<Storage, 'setItem'>,
  key: string,
  value: unknown,
  logger: Logger = console,
) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Storage full or disabled: the panel keeps working from memory.
    logger.warn(`Could not store ${key}`, error);
  }
}

export function removeKey(storage: Pick<Storage, 'removeItem'>, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: a storage that cannot be written holds nothing of ours either.
  }
}
