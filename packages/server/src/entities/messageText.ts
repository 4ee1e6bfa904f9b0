import type { z } from 'zod';
import { HttpError, validationError } from '../http.ts';
import type { EntityDefinition, Usage } from './definition.ts';

// The panel renders server messages (and their details) as sanitized HTML in which bare URLs become links
// (SPEC.md section 5). A stored name put into a message as it is could therefore plant markup, or a live
// link, in front of whoever reads the message: every user-supplied value goes through `messageValue`.

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// U+2060 WORD JOINER: invisible and unbreakable, it sits between a scheme (or `www`) and what follows so the
// panel's link finder (`https?://` or `www.`) no longer matches, while the reader still sees the same text.
const WORD_JOINER = '\u2060';
const LINK_STARTS = /\b(https?(?=:\/\/)|www(?=\.))/gi;

/** A user-supplied value as it may appear inside a server message: markup escaped, no auto-link. */
export function messageValue(value: unknown): string {
  return String(value)
    .replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character)
    .replace(LINK_STARTS, `$1${WORD_JOINER}`);
}

/** A schema refusal for a channel the panel renders as HTML: each message escaped, at its field. */
export function escapedValidationError(issues: readonly z.core.$ZodIssue[]): HttpError {
  return validationError(
    issues.map((issue) => {
      const field = issue.path.map(String).join('.');
      const message = messageValue(issue.message);
      return field ? { message, detail: { field } } : { message };
    }),
  );
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The one answer for ids that do not exist and ids outside the caller's scope, so a reply never tells
 * which of the two it was.
 */
export function notFoundError(
  definition: Pick<EntityDefinition, 'noun' | 'nounPlural'>,
  ids: readonly number[],
) {
  const noun = ids.length === 1 ? definition.noun : definition.nounPlural;
  return new HttpError(404, { message: `${capitalize(noun)} ${ids.join(', ')} not found` });
}

const otherItems = (count: number) => `${count} other ${count === 1 ? 'item' : 'items'}`;

/**
 * The refusal of a delete while the item is used: the users the caller may read by name, the others only
 * as a count, so the refusal reveals nothing outside the caller's scope.
 */
export function stillUsedError(noun: string, name: unknown, usages: readonly Usage[]): HttpError {
  const named = usages.filter((usage) => usage.count > 0);
  const nounOf = (usage: Usage) => (usage.count === 1 ? usage.noun : usage.nounPlural);
  const parts = named.map((usage) => {
    const more = usage.count > usage.examples.length ? ', ...' : '';
    return `${usage.count} ${nounOf(usage)} (${usage.examples.map(messageValue).join(', ')}${more})`;
  });
  const hidden = usages.reduce((sum, usage) => sum + usage.hidden, 0);
  if (hidden > 0) parts.push(otherItems(hidden));
  return new HttpError(409, {
    message: `${capitalize(noun)} "${messageValue(name)}" is still used by ${parts.join(' and ')}; archive it instead, or change those first`,
    errors: [
      ...named.map((usage) => ({
        message: `Used by ${usage.count} ${nounOf(usage)}`,
        detail: usage.examples.map(messageValue),
      })),
      ...(hidden > 0 ? [{ message: `Used by ${otherItems(hidden)}` }] : []),
    ],
  });
}
