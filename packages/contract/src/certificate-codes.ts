/*
 * Certificate codes (docs/decisions/037), without zod: the public page that checks one imports this and
 * nothing heavier (docs/decisions/017).
 */

/**
 * A certificate's code: 16 characters of Crockford's base32 (80 random bits), without the letters I, L, O
 * and U that are misread. Printed and shown in groups of four (`7K3M-9QXW-…`); read back whatever the case
 * and grouping, with O as 0 and I or L as 1, as Crockford's alphabet prescribes.
 */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 16;

/** The code as stored, or undefined when the text cannot be a code. */
export function normalizeCertificateCode(text: string): string | undefined {
  const code = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === CERTIFICATE_CODE_LENGTH && /^[0-9A-HJKMNP-TV-Z]+$/.test(code) ? code : undefined;
}

/** `7K3M-9QXW-…`: the code as people read it. */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** The public page that confirms a certificate. */
export const verifyPagePath = (code: string) => `/verify/${formatCertificateCode(code)}`;
