import { describe, expect, it } from 'vitest';
import { readCspNonce } from './csp-nonce.ts';

function documentWithNonce(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readCspNonce', () => {
  it('reads the nonce the server put in the page', () => {
    expect(readCspNonce(documentWithNonce('r4nd0m'))).toBe('r4nd0m');
  });

  it('has none when the marker was not replaced (the dev server) or the tag is missing', () => {
    expect(readCspNonce(documentWithNonce('__CSP_NONCE__'))).toBeUndefined();
    expect(readCspNonce(documentWithNonce(null))).toBeUndefined();
  });
});
