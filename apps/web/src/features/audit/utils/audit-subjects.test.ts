import { describe, expect, it } from 'vitest';
import { subjectNameOf } from './audit-subjects.ts';

describe('subjectNameOf', () => {
  it('names the row after the change, or before a deletion, when a name was recorded', () => {
    expect(subjectNameOf({ before: { name: 'Old' }, after: { name: 'New' } })).toBe('New');
    expect(subjectNameOf({ before: { name: 'Gone' }, after: null })).toBe('Gone');
    expect(subjectNameOf({ before: { status: 0 }, after: { status: 1 } })).toBeNull();
  });
});
