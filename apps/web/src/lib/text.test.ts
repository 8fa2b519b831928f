import { PREVIEW_LENGTH } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { previewText } from './text.ts';

const KOPAN =
  'A Gelug monastery on a hill north of Boudhanath in the Kathmandu valley, founded in the early 1970s by Lama Thubten Yeshe and Lama Zopa Rinpoche.';
const TARA =
  'Prayers and praises to Green Tara, the female Buddha of swift compassion, recited by the monks on behalf of the patron.';

describe('previewText', () => {
  it('cuts at the last word that fits and ends with an ellipsis, never in the middle of a word', () => {
    expect(previewText('It is a long way to Tengboche', 7)).toBe('It is…');
    expect(previewText('It is a long way to Tengboche', 6)).toBe('It is…');
    expect(previewText('It is a long way to Tengboche', 5)).toBe('It…');
  });

  it("stays within the cards' lengths, the ellipsis included, and ends on a whole word", () => {
    for (const [text, length] of [
      [KOPAN, PREVIEW_LENGTH.monasteryCard],
      [TARA, PREVIEW_LENGTH.pujaCard],
      [KOPAN, PREVIEW_LENGTH.monasteryCardOnPujaPage],
    ] as const) {
      const preview = previewText(text, length);
      expect(Array.from(preview).length).toBeLessThanOrEqual(length);
      expect(preview.endsWith('…')).toBe(true);
      expect(preview).not.toContain('...');
      const kept = preview.slice(0, -1);
      // What is kept is the text's own start, up to the end of a word.
      expect(text.startsWith(kept)).toBe(true);
      expect(text.charAt(kept.length)).toMatch(/[\s,.;:]/);
    }
    expect(previewText(KOPAN, 50)).toBe('A Gelug monastery on a hill north of Boudhanath…');
  });

  it('drops punctuation left at the cut', () => {
    expect(previewText('Founded in 1976, it holds two lineages', 17)).toBe('Founded in 1976…');
  });

  it('cuts one word longer than the card where it must', () => {
    expect(previewText('Supercalifragilistic', 6)).toBe('Super…');
  });

  it('leaves a text that fits as it is', () => {
    expect(previewText('abcd', 4)).toBe('abcd');
  });

  it('counts an emoji as one character and never splits one', () => {
    expect(previewText('🙏🙏 🙏🙏 🙏', 5)).toBe('🙏🙏…');
    expect(previewText('🙏🙏🙏', 2)).toBe('🙏…');
  });
});
