import { LANGUAGES } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { API_MESSAGE_CATALOGUES, translateAnswer, translateApiMessage } from './api-messages.ts';
import { en } from './en.ts';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
/**
 * Latin words a translation may keep: formats, units, names (the payment providers, the languages in their
 * own script), values a client sends as written (`DELETE`, `true`, `decline`, `user`, media types), and
 * technical names.
 */
const KEPT_WORDS =
  /SMS|JPEG|PNG|WebP|HEIC|MP4|WebM|YouTube|Facebook|Zoom|https|MB|DELETE|NUL|Unicode|YYYY|eSewa|Khalti|Stripe|API|English|true|false|decline|user|monastery|POST|_method=patch|(application|multipart)\/[\w-]+/g;

describe('the catalogue of the API’s messages', () => {
  it.each(LANGUAGES)('%s has every key of the English messages, and no other', (language) => {
    expect(Object.keys(API_MESSAGE_CATALOGUES[language]).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LANGUAGES)('%s keeps the same placeholders as English, in every message', (language) => {
    for (const [key, english] of Object.entries(en)) {
      const text = (API_MESSAGE_CATALOGUES[language] as Record<string, string>)[key]!;
      expect(placeholdersOf(text), `${language} ${key}`).toEqual(placeholdersOf(english));
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s leaves no message in English or empty',
    (language) => {
      for (const [key, english] of Object.entries(en)) {
        const text = (API_MESSAGE_CATALOGUES[language] as Record<string, string>)[key]!;
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(text, `${language} ${key}`).not.toBe(english);
        expect(text.replace(/\{\w+\}/g, '').replace(KEPT_WORDS, ''), `${language} ${key}`).not.toMatch(
          /[A-Za-z]{3,}/,
        );
      }
    },
  );

  it('has one key per English text, so a text translates one way', () => {
    const texts = Object.values(en);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('translates a known text, fills in a number, and passes unknown texts and English unchanged', () => {
    expect(translateApiMessage('Order not found.', 'zh-Hant')).toBe('找不到此預約。');
    expect(translateApiMessage('Too many requests. Try again in 15 seconds.', 'ne')).toBe(
      'धेरै पटक अनुरोध भयो। १५ सेकेन्डपछि फेरि प्रयास गर्नुहोस्।',
    );
    expect(translateApiMessage('Too many requests. Try again in 1 second.', 'zh-Hant')).toBe(
      '請求次數過多，請 1 秒後再試。',
    );
    expect(translateApiMessage('Something nobody wrote down.', 'ne')).toBe('Something nobody wrote down.');
    expect(translateApiMessage('Order not found.', 'en')).toBe('Order not found.');
    expect(translateApiMessage('Order not found.', undefined)).toBe('Order not found.');
  });

  it('translates only an answer’s own message and field errors, never data such as nested messages', () => {
    const answer = {
      message: 'SMS Sent',
      challenge: 'Order not found.',
      errors: { otp: ['OTP does not match'] },
    };
    expect(translateAnswer(answer, 'ne')).toEqual({
      message: 'SMS पठाइयो।',
      challenge: 'Order not found.',
      errors: { otp: ['कोड मिलेन।'] },
    });
    const conversation = { messages: [{ message: 'Order not found.' }] };
    expect(translateAnswer(conversation, 'zh-Hant')).toBe(conversation);
    expect(translateAnswer(answer, 'en')).toBe(answer);
  });
});
