import { describe, expect, it } from 'vitest';
import {
  buildEsewaForm,
  esewaMessage,
  formatEsewaAmount,
  parseEsewaAmount,
  signEsewaMessage,
  verifyEsewaCallback,
} from './esewa.ts';

// The public test merchant's secret (docs/payments.md): exactly these 15 characters.
const TEST_SECRET = '8gBm/:&EnhH.1/q';

describe('eSewa signatures: the published test vectors', () => {
  it('signs the request vector', () => {
    expect(TEST_SECRET).toHaveLength(15);
    expect(
      signEsewaMessage(TEST_SECRET, 'total_amount=110,transaction_uuid=241028,product_code=EPAYTEST'),
    ).toBe('i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=');
  });

  it('signs the callback vector', () => {
    const message =
      'transaction_code=000AWEO,status=COMPLETE,total_amount=1000.0,transaction_uuid=250610-162413,product_code=EPAYTEST,signed_field_names=transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
    expect(signEsewaMessage(TEST_SECRET, message)).toBe('62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA=');
  });

  it('does not reproduce the widely copied wrong example', () => {
    const signature = signEsewaMessage(
      TEST_SECRET,
      'total_amount=100,transaction_uuid=11-201-13,product_code=EPAYTEST',
    );
    expect(signature).toBe('5DZywcrTKD0gia/rsSMcrRHmJl+4Tbol6S+lWgdJ94E=');
    expect(signature.startsWith('4Ov7pCI1')).toBe(false);
  });
});

describe('the eSewa form', () => {
  it('has every field, charges at zero, and a signature over the signed fields', () => {
    const form = buildEsewaForm(
      {
        productCode: 'EPAYTEST',
        secretKey: TEST_SECRET,
        formUrl: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
        statusBaseUrl: '',
      },
      { amountPaisa: 11000, transactionUuid: '241028', successUrl: 'https://x/s', failureUrl: 'https://x/f' },
    );
    expect(form.fields).toEqual({
      amount: '110',
      tax_amount: '0',
      product_service_charge: '0',
      product_delivery_charge: '0',
      total_amount: '110',
      transaction_uuid: '241028',
      product_code: 'EPAYTEST',
      success_url: 'https://x/s',
      failure_url: 'https://x/f',
      signed_field_names: 'total_amount,transaction_uuid,product_code',
      signature: 'i94zsd3oXF6ZsSr/kGqT4sSzYQzjj1W/waxjWyRwaME=',
    });
  });

  it('writes and reads amounts without losing paisa', () => {
    expect(formatEsewaAmount(150050)).toBe('1500.5');
    expect(formatEsewaAmount(150000)).toBe('1500');
    expect(parseEsewaAmount('1000.0')).toBe(100000);
    expect(parseEsewaAmount('1,000.00')).toBe(100000);
    expect(parseEsewaAmount(1500.5)).toBe(150050);
    expect(parseEsewaAmount('10e3')).toBeUndefined();
    expect(parseEsewaAmount('-5')).toBeUndefined();
  });
});

describe('verifying the success callback', () => {
  const callback = {
    transaction_code: '000AWEO',
    status: 'COMPLETE',
    total_amount: '1000.0',
    transaction_uuid: '250610-162413',
    product_code: 'EPAYTEST',
    signed_field_names:
      'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
    signature: '62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA=',
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');

  it('accepts the published callback', () => {
    expect(verifyEsewaCallback(TEST_SECRET, encode(callback))).toMatchObject({
      status: 'COMPLETE',
      total_amount: '1000.0',
    });
  });

  it.each([
    ['an altered amount', { total_amount: '10.0' }],
    ['an altered reference', { transaction_uuid: '250610-999999' }],
    ['an altered status', { status: 'PENDING' }],
    ['a bad signature', { signature: 'AAAA' }],
    [
      'a signature that leaves the amount out',
      { signed_field_names: 'transaction_code,status,transaction_uuid,product_code' },
    ],
  ])('refuses %s', (_case, change) => {
    expect(verifyEsewaCallback(TEST_SECRET, encode({ ...callback, ...change }))).toBeUndefined();
  });

  it('refuses data that is not base64 JSON, and data signed with another key', () => {
    expect(verifyEsewaCallback(TEST_SECRET, '%%%')).toBeUndefined();
    expect(verifyEsewaCallback(TEST_SECRET, Buffer.from('[1,2]').toString('base64'))).toBeUndefined();
    expect(verifyEsewaCallback('another-secret', encode(callback))).toBeUndefined();
  });

  it('rebuilds the message from the values exactly as sent', () => {
    expect(esewaMessage({ a: '1000.0', b: 'x' }, 'a,b')).toBe('a=1000.0,b=x');
  });
});
