import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides signed links, signed payment data and phones, and keeps the rest', () => {
    expect(redactUrl('/api/order-images/7?expires=1700000000&signature=abc')).toBe(
      '/api/order-images/7?expires=1700000000&signature=redacted',
    );
    expect(redactUrl('/esewa-payment-success?data=eyJzaWduZWQiOnRydWV9')).toBe(
      '/esewa-payment-success?data=redacted',
    );
    expect(redactUrl('/khalti-payment-return?pidx=P1&mobile=98XXXXX000&status=Completed')).toBe(
      '/khalti-payment-return?pidx=P1&mobile=redacted&status=Completed',
    );
    expect(redactUrl('/api/monastery?sort=lowToHigh')).toBe('/api/monastery?sort=lowToHigh');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });
});
