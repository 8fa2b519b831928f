import type { RecordedRequest } from './http-stand-in.ts';

/**
 * Sparrow SMS and Twilio as their documentation describes them, for `startStandIn`: each checks the exact
 * request our adapter sends and answers as the provider does.
 */

/** Sparrow SMS as its documentation describes it (v2 /sms/, form fields, 200 or 403 with response codes). */
export function sparrow(request: RecordedRequest) {
  if (request.method !== 'POST' || request.path !== '/v2/sms/')
    return { status: 404, body: { response: 'Not found' } };
  const { form } = request;
  if (!form.get('token') || !form.get('from') || !form.get('to') || form.get('text') === null) {
    return { status: 403, body: { response_code: 1000, response: 'A required field is missing' } };
  }
  if (form.get('token') !== 'sparrow-test-token')
    return { status: 403, body: { response_code: 1002, response: 'Invalid Token' } };
  if (!/^9[78]\d{8}$/.test(form.get('to')!))
    return { status: 403, body: { response_code: 1007, response: 'Invalid Receiver' } };
  return {
    status: 200,
    body: { count: 1, response_code: 200, response: '1 mesages has been queued for delivery' },
  };
}

export const TWILIO_SID = `AC${'a'.repeat(32)}`;
/** Twilio's Messages resource: basic auth, form fields, 201 with the message, JSON errors. */
export function twilio(request: RecordedRequest) {
  if (request.method !== 'POST' || request.path !== `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`) {
    return {
      status: 404,
      body: { code: 20404, message: 'The requested resource was not found', status: 404 },
    };
  }
  const expected = `Basic ${Buffer.from(`${TWILIO_SID}:twilio-test-token`).toString('base64')}`;
  if (request.headers.authorization !== expected) {
    return {
      status: 401,
      body: {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      },
    };
  }
  const to = request.form.get('To') ?? '';
  if (!/^\+[1-9]\d{6,14}$/.test(to)) {
    return {
      status: 400,
      body: { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 },
    };
  }
  return {
    status: 201,
    body: {
      sid: `SM${'b'.repeat(32)}`,
      status: 'queued',
      to,
      from: request.form.get('From'),
      body: request.form.get('Body'),
    },
  };
}
