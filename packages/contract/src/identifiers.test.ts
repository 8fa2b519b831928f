import { describe, expect, it } from 'vitest';
import { slugOrIdParamsSchema } from './catalogue.ts';
import { isSlugOrId, MAX_ID } from './identifiers.ts';

describe('isSlugOrId', () => {
  it.each([
    ['kopan-monastery', true],
    ['42', true],
    [String(MAX_ID), true],
    [String(MAX_ID + 1), false],
    ['', false],
    ['Kopan', false],
    ['kopan--monastery', false],
    ['-kopan', false],
    ['a'.repeat(121), false],
  ])('%s → %s, as the API’s path schema reads it', (value, expected) => {
    expect(isSlugOrId(value)).toBe(expected);
    expect(slugOrIdParamsSchema.safeParse({ slugOrId: value }).success).toBe(expected);
  });
});
