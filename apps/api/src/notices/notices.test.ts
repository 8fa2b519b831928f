import { LANGUAGES } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fillText, NOTICE_CATALOGUES, noticeText } from './notices.ts';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the catalogue of SMS and e-mail texts', () => {
  const groups = Object.keys(en) as (keyof typeof en)[];

  it.each(LANGUAGES)('%s has every group and key of the English texts, and no other', (language) => {
    const catalogue = NOTICE_CATALOGUES[language];
    expect(Object.keys(catalogue).sort()).toEqual([...groups].sort());
    for (const group of groups)
      expect(Object.keys(catalogue[group]).sort(), group).toEqual(Object.keys(en[group]).sort());
  });

  it.each(LANGUAGES)('%s fills in the same placeholders as English, in every text', (language) => {
    for (const group of groups) {
      for (const [key, english] of Object.entries(en[group])) {
        const text = (NOTICE_CATALOGUES[language][group] as Record<string, string>)[key]!;
        expect(placeholdersOf(text), `${language} ${group}.${key}`).toEqual(placeholdersOf(english));
      }
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s leaves no text in English or empty',
    (language) => {
      for (const group of groups) {
        for (const [key, english] of Object.entries(en[group])) {
          const text = (NOTICE_CATALOGUES[language][group] as Record<string, string>)[key]!;
          const words = text.replace(/\{\w+\}/g, '').replace(/Puja|PDF/g, '');
          expect(text.trim(), `${language} ${group}.${key}`).not.toBe('');
          expect(text, `${language} ${group}.${key}`).not.toBe(english);
          // Latin letters left outside placeholders (and the brand) would be untranslated English.
          expect(words, `${language} ${group}.${key}`).not.toMatch(/[A-Za-z]{3,}/);
        }
      }
    },
  );

  it('fills each placeholder with its value, escaping only the values', () => {
    expect(
      noticeText('en', 'sms', 'orderApproved', { monastery: 'Kopan', puja: 'Tara', date: '2026-12-03' }),
    ).toBe('Kopan approved your Tara for 2026-12-03.');
    expect(
      noticeText('zh-Hant', 'sms', 'orderApproved', { monastery: 'Kopan', puja: 'Tara', date: '2026-12-03' }),
    ).toBe('Kopan已核准您 2026-12-03 的Tara。');
    expect(noticeText(null, 'email', 'greetingUnnamed', {})).toBe('Hello,');
    expect(fillText('<b>{name}</b>', { name: '<i>' }, (value) => value.replace('<', '&lt;'))).toBe(
      '<b>&lt;i></b>',
    );
  });
});
