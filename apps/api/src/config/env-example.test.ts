import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from './env.ts';

/**
 * `.env.example` is where a deployment learns its settings: it must list every variable the server reads
 * (set, or commented out with its example), and nothing the server ignores.
 */
const example = fs.readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');

/** `NAME=value` and `# NAME=value` lines: a setting, given or shown. */
const listed = new Set([...example.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));

describe('.env.example', () => {
  it('lists every variable the server reads', () => {
    expect(ENVIRONMENT_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists nothing the server does not read', () => {
    expect([...listed].filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([]);
  });
});
