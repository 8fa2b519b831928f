import { describe, expect, it } from 'vitest';
import { listDialCodes, toE164 } from './phone.ts';
import { FULL_NAME_PATTERN, updateUserDetailsRequestSchema } from './session.ts';
import { loginPhoneRequestSchema, sendOtpRequestSchema } from './sign-in.ts';

describe('full name rule (SPEC §5)', () => {
  it.each(['Tenzin Dolma', 'Pema T', '  Ram Bahadur Gurung', 'तेन्जिन डोल्मा', 'Ngawang   Sherpa'])(
    'accepts %s',
    (name) => {
      expect(FULL_NAME_PATTERN.test(name)).toBe(true);
    },
  );
  it.each(['Tenzin', 'T Dolma', '', '   ', 'Tenzin '])('refuses %j', (name) => {
    expect(FULL_NAME_PATTERN.test(name)).toBe(false);
  });
  it('carries the onboarding warning as its message', () => {
    const result = updateUserDetailsRequestSchema.safeParse({ name: 'Tenzin', email: 'a@b.np' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Oops, can you give us your full name?');
  });
});

describe('phone numbers', () => {
  it('turns a Nepali mobile into E.164', () => {
    expect(toE164('+977', '9812345678')).toMatchObject({ ok: true, e164: '+9779812345678', country: 'NP' });
    expect(toE164('+977', '9800000003')).toMatchObject({ ok: true, e164: '+9779800000003' });
  });
  it('refuses numbers that are not valid for the country', () => {
    expect(toE164('+977', '12345').ok).toBe(false);
    expect(toE164('+977', '98123456789012').ok).toBe(false);
    expect(toE164('977', '9812345678').ok).toBe(false);
  });
  it('defaults the dial code to +977 and insists on digits', () => {
    expect(sendOtpRequestSchema.parse({ phone: '9812345678' }).code).toBe('+977');
    expect(sendOtpRequestSchema.safeParse({ phone: '98123abc78' }).success).toBe(false);
    expect(loginPhoneRequestSchema.safeParse({ phone: '9812345678', otp: '12345' }).success).toBe(false);
  });
  it('lists about 240 countries with dial codes', () => {
    const codes = listDialCodes();
    expect(codes.length).toBeGreaterThan(200);
    expect(codes).toContainEqual({ code: 'NP', dial_code: '+977' });
  });
});
