import { describe, expect, it } from 'vitest';
import { sendPhoneChangeCodeRequestSchema } from './account.ts';
import { formatPhoneInternational, listDialCodes, toE164 } from './phone.ts';
import { FULL_NAME_PATTERN, updateUserDetailsRequestSchema } from './session.ts';
import { loginPhoneRequestSchema, sendOtpRequestSchema } from './sign-in.ts';
import { userFormSchema } from './users.ts';

describe('full name rule (docs/product.md#form-rules)', () => {
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
    const challenge = 'a'.repeat(43);
    expect(loginPhoneRequestSchema.safeParse({ phone: '9812345678', otp: '12345', challenge }).success).toBe(
      false,
    );
    expect(loginPhoneRequestSchema.safeParse({ phone: '9812345678', otp: '123456', challenge }).success).toBe(
      true,
    );
  });
  it("needs send-otp's challenge to log in", () => {
    for (const challenge of [undefined, '', 'short', `${'a'.repeat(42)}=`, 'a'.repeat(44)])
      expect(
        loginPhoneRequestSchema.safeParse({ phone: '9812345678', otp: '123456', challenge }).success,
      ).toBe(false);
  });
  it.each([
    ['+1', '(201) 555-0123', '2015550123', '+12015550123'],
    ['+91', '98765 43210', '9876543210', '+919876543210'],
    ['+61', '0412 345 678', '0412345678', '+61412345678'],
    ['+44', '07911 123456', '07911123456', '+447911123456'],
    ['+44', '(0)7911 123-456', '07911123456', '+447911123456'],
    ['+977', '981.234.5678', '9812345678', '+9779812345678'],
    ['+977', '981\u20132345678', '9812345678', '+9779812345678'],
  ])('takes %s %j as people write it', (code, phone, digits, e164) => {
    const parsed = sendOtpRequestSchema.parse({ code, phone });
    expect(parsed.phone).toBe(digits);
    expect(toE164(parsed.code, parsed.phone)).toMatchObject({ ok: true, e164 });
  });
  // Issue 29: numbers pasted whole, with their +country prefix, whatever country is chosen beside them.
  it.each([
    ['+977', '+977 981-234-5670', '+9779812345670'],
    ['+977', '+44 7911 123457', '+447911123457'],
    ['+1', '(+977) 9812345670', '+9779812345670'],
    ['+977', ' 9812345670 ', '+9779812345670'],
    ['+977', '+977\u2013981\u20132345670', '+9779812345670'],
  ])('with %s chosen, takes the pasted %j as %s', (code, phone, e164) => {
    for (const schema of [sendOtpRequestSchema, sendPhoneChangeCodeRequestSchema]) {
      const parsed = schema.parse({ code, phone });
      expect(toE164(parsed.code, parsed.phone)).toMatchObject({ ok: true, e164 });
    }
    const parsed = loginPhoneRequestSchema.parse({ code, phone, otp: '123456', challenge: 'a'.repeat(43) });
    expect(toE164(parsed.code, parsed.phone)).toMatchObject({ ok: true, e164 });
  });
  it.each(['+44 7911', '+999 9812345678', '+977 12345'])(
    'refuses the pasted %j as no valid number',
    (phone) => {
      const result = sendOtpRequestSchema.safeParse({ phone });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Enter a valid mobile number for the chosen country.',
      ]);
    },
  );
  it("takes an administrator's pasted number for a user", () => {
    const user = { name: 'Tenzin', email: 'a@b.np', role: 'user' };
    expect(userFormSchema.parse({ ...user, phone: '+977 981-234-5670' }).phone).toBe('+9779812345670');
    expect(userFormSchema.parse({ ...user, phone: '(+44) 7911 123457' }).phone).toBe('+447911123457');
  });
  it.each(['98123abc78', '981 CALL ME', '977+9812345678', '9812345678 ext 2'])(
    'refuses %j with one clear message',
    (phone) => {
      const result = sendOtpRequestSchema.safeParse({ phone });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Phone may contain only digits, spaces, brackets, dashes and dots.',
      ]);
    },
  );
  it('still asks for a number when only separators are typed', () => {
    const result = sendOtpRequestSchema.safeParse({ phone: ' ( ) - ' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Phone is required.']);
  });
  it('formats a stored number for reading', () => {
    expect(formatPhoneInternational('+9779812345678')).toBe('+977 981 2345678');
    expect(formatPhoneInternational('+12015550123')).toBe('+1 201 555 0123');
  });
  it('lists about 240 countries with dial codes', () => {
    const codes = listDialCodes();
    expect(codes.length).toBeGreaterThan(200);
    expect(codes).toContainEqual({ code: 'NP', dial_code: '+977' });
  });
});
