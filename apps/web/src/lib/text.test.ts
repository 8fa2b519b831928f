import { describe, expect, it } from 'vitest';
import { previewText } from './text.ts';

describe('previewText', () => {
  it('cuts after the given number of characters and adds an ellipsis', () => {
    expect(previewText('abcdefghij', 4)).toBe('abcd...');
  });

  it('leaves a text that fits as it is', () => {
    expect(previewText('abcd', 4)).toBe('abcd');
  });

  it('counts an emoji as one character', () => {
    expect(previewText('🙏🙏🙏', 2)).toBe('🙏🙏...');
  });
});
