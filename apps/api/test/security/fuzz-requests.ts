import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { ViewerName } from './security-world.ts';

/**
 * Requests for the fuzzer: bodies, queries and path parameters built from each route's own zod schemas
 * (through their JSON Schema), with hostile values mixed in at every level, sent as JSON, urlencoded or
 * multipart, or as bodies that are broken on purpose.
 */

/** A value written into JSON as is, for what JSON.stringify cannot produce (`1e309`). */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `Raw(${this.text})`;
  }
}
/** A long string, built only when sent, so that a failure report stays readable. */
export class Long {
  constructor(
    readonly unit: string,
    readonly count: number,
  ) {}
  toString() {
    return this.unit.repeat(this.count);
  }
  [fc.toStringMethod]() {
    return `${JSON.stringify(this.unit)}.repeat(${this.count})`;
  }
}
/** The first bytes of a WebM file (its EBML header, DocType `webm`) and some filler: what the matrix uploads as a video. */
export const MATRIX_VIDEO = Buffer.concat([
  Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104', 'hex'),
  Buffer.alloc(512, 1),
]);

/** A file part in a multipart body (in JSON or a form, just its name). */
export class FilePart {
  constructor(readonly kind: 'picture' | 'video' | 'garbage' | 'empty') {}
  [fc.toStringMethod]() {
    return `FilePart(${this.kind})`;
  }
}

/** Text an attacker tries: injections, NUL, lone surrogates, escapes, impossible dates, the very long. */
export const HOSTILE_TEXT: unknown[] = [
  "' OR '1'='1",
  "1'; DROP TABLE orders; --",
  '\u0000',
  'name\u0000',
  '\uD800',
  'x\uDFFFy',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, on purpose.
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00',
  '\\',
  '%_\\',
  ' ',
  '',
  'null',
  '__proto__',
  '😀😀😀',
  '\r\n\r\nX: y',
  '2026-02-30',
  '9999-99-99',
  '0000-00-00',
  '-0001-01-01',
  'NaN',
  'Infinity',
  new Long('x', 5001),
  new Long('é', 60_000),
];
/** Numbers around every limit: the 32-bit id columns, JavaScript's safe integers, infinities. */
export const HOSTILE_NUMBERS: unknown[] = [
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -1,
  0,
  1.5,
  1e308,
  Number.MIN_VALUE,
  new Raw('1e309'),
  new Raw('-1e309'),
  '1e3',
  '2147483648',
  '9007199254740993',
  '0x10',
  ' 12 ',
  '1e309',
  '-0',
];
/** The wrong shape where a scalar is expected. */
export const HOSTILE_SHAPES: unknown[] = [null, true, false, [], ['1', '2'], [1], {}, { a: 1 }, [[[]]]];
const HOSTILE = [...HOSTILE_TEXT, ...HOSTILE_NUMBERS, ...HOSTILE_SHAPES];
export const hostileValue = fc.constantFrom(...HOSTILE);

/** The pieces of a query string or path that no encoder would produce. */
const RAW_QUERY_PARTS = ['%', '%zz', '%00', '%ff', '%ED%A0%80', '%C0%AF', '&&==&', 'a[b][c]=1', '=x', '+%2B'];
const RAW_PATH_SEGMENTS = ['%', '%zz', '%00', '%ED%A0%80', '..', '%2F', '%2e%2e', ' ', '-1', '1.5', '1e3'];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: JsonSchema;
  description?: string;
}

export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values of a JSON Schema: mostly well-formed (so requests get past validation and reach the services and
 * the database), with a hostile value in place of any one of them now and then. Ids come from `realIds`
 * as often as not, so they name real rows.
 */
export function valueArbitrary(
  schema: JsonSchema,
  realIds: number[],
  name = '',
  hostile = true,
): fc.Arbitrary<unknown> {
  const typed = typedArbitrary(schema, realIds, name, hostile);
  return hostile ? fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: hostileValue }) : typed;
}

function typedArbitrary(
  schema: JsonSchema,
  realIds: number[],
  name: string,
  hostile: boolean,
): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => typedArbitrary(choice, realIds, name, hostile)));
  if (Array.isArray(schema.type))
    return fc.oneof(
      ...schema.type.map((type) => typedArbitrary({ ...schema, type }, realIds, name, hostile)),
    );
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record = fc.record(
        Object.fromEntries(
          properties.map(([key, value]) => [key, valueArbitrary(value, realIds, key, hostile)]),
        ),
        { requiredKeys: properties.map(([key]) => key).filter((key) => schema.required?.includes(key)) },
      );
      if (typeof schema.additionalProperties === 'object')
        return fc.dictionary(
          fc.string({ maxLength: 12 }),
          valueArbitrary(schema.additionalProperties, realIds, '', hostile),
          { maxKeys: 4 },
        );
      return record;
    }
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 60;
      const plain = fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: 'grapheme' });
      const options: fc.Arbitrary<unknown>[] = [plain];
      if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern)));
      if (schema.format === 'email') options.push(fc.emailAddress());
      // At the limit and just past it.
      if (schema.maxLength !== undefined && hostile)
        options.push(fc.constantFrom(new Long('a', schema.maxLength), new Long('a', schema.maxLength + 1)));
      return fc.oneof(...options);
    }
    case 'integer':
    case 'number': {
      const min =
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
      const max = schema.maximum ?? Math.max(min + 1_000_000, 1000);
      const options: fc.Arbitrary<unknown>[] = [fc.integer({ min: Math.ceil(min), max: Math.floor(max) })];
      if (schema.type === 'number') options.push(fc.double({ min, max, noNaN: true }));
      // Forms and URLs send numbers as text.
      options.push(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).map(String));
      if (schema.exclusiveMinimum === 0 || /id$/i.test(name)) options.push(fc.constantFrom(...realIds));
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valueArbitrary(schema.items, realIds, '', hostile) : hostileValue, {
        maxLength: 3,
      });
    default:
      // No type: an upload field (z.unknown) or anything at all.
      return /file|picture/i.test(schema.description ?? '')
        ? fc.constantFrom(new FilePart('picture'), new FilePart('garbage'), new FilePart('empty'))
        : fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
  }
}

export type Encoding = 'json' | 'urlencoded' | 'multipart' | 'malformed' | 'none';

/** A mutation's value that removes the field. */
export const REMOVE = Symbol('remove');
export interface Mutation {
  part: 'params' | 'query' | 'body';
  name: string;
  value: unknown;
}

export interface FuzzRequest {
  /**
   * `example`: the route's right request from the route table, with `mutations` applied (so most requests
   * reach the services and the database with one or two bad values); `schema`: everything generated.
   */
  start: 'example' | 'schema';
  mutations: Mutation[];
  viewer: ViewerName;
  /** An Authorization header that is not a real token, instead of the viewer's. */
  forgedAuthorization: string | undefined;
  params: Record<string, unknown>;
  rawPathSegment: string | undefined;
  query: Record<string, unknown>;
  rawQuery: string | undefined;
  encoding: Encoding;
  body: unknown;
  malformed: number;
}

const FORGED_AUTHORIZATION = [
  'Bearer ',
  'Bearer x',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoiMSJ9.',
  `Bearer ${'a'.repeat(8000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'Bearer \u00ff\u00fe',
];

/** Who is most likely to get past a route's access check, so that most requests reach validation. */
export function viewersFor(route: RouteOptions): ViewerName[] {
  const access = (route.config as { access?: unknown } | undefined)?.access;
  if (!access || access === 'public') return ['visitor', 'patron', 'admin'];
  if (access === 'signedIn') return ['patron', 'staff', 'admin'];
  const roles = (access as { roles: string[] }).roles;
  return roles.map((role) => (role === 'user' ? 'patron' : role === 'monastery' ? 'staff' : 'admin'));
}

const schemaPart = (route: RouteOptions, part: 'params' | 'querystring' | 'body') =>
  jsonSchemaOf((route.schema as Record<string, unknown> | undefined)?.[part]);

/** Path parameter names, from the URL (a wildcard is `*`). */
export const paramNames = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');

export function requestArbitrary(
  route: RouteOptions,
  method: string,
  realIds: number[],
): fc.Arbitrary<FuzzRequest> {
  const allowed = viewersFor(route);
  const others = (['visitor', 'patron', 'staff', 'admin'] as const).filter(
    (viewer) => !allowed.includes(viewer),
  );
  const viewer = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...allowed) },
    ...(others.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...others) }] : []),
  );
  const paramsSchema = schemaPart(route, 'params');
  const params = fc.record(
    Object.fromEntries(
      paramNames(route.url).map((name) => [
        name,
        valueArbitrary(paramsSchema?.properties?.[name] ?? { type: 'string' }, realIds, name),
      ]),
    ),
  );
  const querySchema = schemaPart(route, 'querystring');
  const query = querySchema
    ? (valueArbitrary(querySchema, realIds) as fc.Arbitrary<Record<string, unknown>>).map((value) =>
        value && typeof value === 'object' && !Array.isArray(value) ? value : { q: value },
      )
    : fc.dictionary(fc.constantFrom('q', 'page', 'id', 'reference', '_method'), hostileValue, { maxKeys: 2 });
  const takesBody = !['GET', 'HEAD'].includes(method);
  const bodySchema = schemaPart(route, 'body');
  const body = bodySchema
    ? valueArbitrary(bodySchema, realIds)
    : fc.oneof(
        fc.constant(undefined),
        fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 }),
      );
  const encoding: fc.Arbitrary<Encoding> = takesBody
    ? fc.constantFrom<Encoding>('json', 'json', 'json', 'urlencoded', 'multipart', 'multipart', 'malformed')
    : fc.constantFrom<Encoding>('none', 'none', 'none', 'none', 'json', 'malformed');
  return fc.record({
    start: fc.constantFrom<'example' | 'schema'>('example', 'example', 'example', 'schema'),
    mutations: mutationsArbitrary(route, realIds),
    viewer,
    forgedAuthorization: sometimes(FORGED_AUTHORIZATION, 12),
    params,
    rawPathSegment: sometimes(RAW_PATH_SEGMENTS, 8),
    query,
    rawQuery: sometimes(RAW_QUERY_PARTS, 6),
    encoding,
    body,
    malformed: fc.nat({ max: MALFORMED_BODIES.length - 1 }),
  });
}

/**
 * One or two fields of a request replaced: by a hostile value, a value of the field's own schema, or
 * nothing (the field removed); now and then a field the schema does not name, prototype keys included.
 */
function mutationsArbitrary(route: RouteOptions, realIds: number[]): fc.Arbitrary<Mutation[]> {
  const fields: { part: Mutation['part']; name: string; schema: JsonSchema }[] = [
    ...paramNames(route.url).map((name) => ({
      part: 'params' as const,
      name,
      schema: schemaPart(route, 'params')?.properties?.[name] ?? { type: 'string' },
    })),
    ...(['querystring', 'body'] as const).flatMap((part) =>
      Object.entries(schemaPart(route, part)?.properties ?? {}).map(([name, schema]) => ({
        part: part === 'querystring' ? ('query' as const) : ('body' as const),
        name,
        schema,
      })),
    ),
  ];
  const replaced = fields.map((field) =>
    fc.record({
      part: fc.constant(field.part),
      name: fc.constant(field.name),
      value: fc.oneof(
        { weight: 2, arbitrary: hostileValue },
        { weight: 2, arbitrary: valueArbitrary(field.schema, realIds, field.name, false) },
        { weight: 1, arbitrary: fc.constant(REMOVE) },
      ),
    }),
  );
  const added = fc.record({
    part: fc.constantFrom<Mutation['part']>('query', 'body'),
    name: fc.constantFrom('__proto__', 'constructor', 'extra', '_method', 'role', 'id'),
    value: hostileValue,
  });
  return fc.array(
    fc.oneof({ weight: 4, arbitrary: fc.oneof(...replaced, added) }, { weight: 1, arbitrary: added }),
    {
      maxLength: 2,
    },
  );
}

/** Applies mutations to copies of a request's parts. */
export function mutate(
  parts: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
  mutations: Mutation[],
) {
  const params = { ...parts.params };
  const query = { ...parts.query };
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    Boolean(value) && typeof value === 'object' && !Array.isArray(value);
  let body = isRecord(parts.body) ? { ...parts.body } : parts.body;
  for (const { part, name, value } of mutations) {
    if (part === 'body' && !isRecord(body)) body = {};
    const into = part === 'params' ? params : part === 'query' ? query : (body as Record<string, unknown>);
    if (value === REMOVE) delete into[name];
    // defineProperty, so that a `__proto__` key is a key of its own, as it is in parsed JSON.
    else Object.defineProperty(into, name, { value, enumerable: true, configurable: true, writable: true });
  }
  return { params, query, body };
}

/** The values of a route's path parameters in a concrete path. */
export function paramsFromPath(pattern: string, path: string): Record<string, unknown> {
  const names = pattern.split('/');
  const segments = path.split('/');
  const params: Record<string, unknown> = {};
  names.forEach((name, index) => {
    if (name.startsWith(':')) params[name.slice(1)] = decodeURIComponent(segments[index] ?? '');
    else if (name === '*') params['*'] = decodeURIComponent(segments.slice(index).join('/'));
  });
  return params;
}

/** One of `values` one time in `every`, otherwise nothing. */
const sometimes = <T>(values: T[], every: number) =>
  fc.oneof(
    { weight: every - 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...values) },
  );

/** Percent-encoding that never throws: a lone surrogate goes out as the bytes a careless encoder writes. */
export function encodeText(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(character);
  }
  return out;
}

/** A value as it travels in a URL or a form: text. */
export function asText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Long) return String(value);
  if (value instanceof FilePart) return value.kind;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(toJsonValue(value));
  return String(value);
}

function toJsonValue(value: unknown): unknown {
  if (value instanceof Long) return String(value);
  if (value instanceof FilePart) return value.kind;
  if (value instanceof Raw) return `\u0001RAW:${value.text}\u0001`;
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonValue(item)]));
  return value;
}

export function asJson(value: unknown): string {
  return JSON.stringify(toJsonValue(value) ?? null).replace(/"\\u0001RAW:([^"\\]*)\\u0001"/g, '$1');
}

export function urlFor(route: string, request: FuzzRequest): string {
  let path = route;
  for (const name of paramNames(route)) {
    const value =
      request.rawPathSegment ?? (encodeText(asText(request.params[name])) || (name === '*' ? '' : '%20'));
    path = path.replace(name === '*' ? '*' : `:${name}`, value);
  }
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeText(key)}=${encodeText(asText(item))}`);
  }
  if (request.rawQuery) pairs.push(request.rawQuery);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

export function multipartBody(body: unknown, picture: Buffer): Buffer {
  const chunks: Buffer[] = [];
  const fields =
    body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['value', body]];
  for (const [name, value] of fields as [string, unknown][]) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof FilePart) {
        const bytes =
          item.kind === 'picture'
            ? picture
            : item.kind === 'video'
              ? MATRIX_VIDEO
              : item.kind === 'garbage'
                ? Buffer.from('GIF89a<svg onload=alert(1)>')
                : Buffer.alloc(0);
        chunks.push(
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          bytes,
          Buffer.from('\r\n'),
        );
      } else {
        chunks.push(
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(item)}\r\n`,
          ),
        );
      }
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export function urlencodedBody(body: unknown): string {
  const fields =
    body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['value', body]];
  return (fields as [string, unknown][])
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (item) => `${encodeText(name)}=${encodeText(asText(item))}`,
      ),
    )
    .join('&');
}

/** Bodies that are broken on purpose, each with the content type that claims otherwise. */
export const MALFORMED_BODIES: { contentType: string | undefined; payload: string | Buffer; what: string }[] =
  [
    { what: 'truncated JSON', contentType: 'application/json', payload: '{"name":' },
    { what: 'JSON with trailing garbage', contentType: 'application/json', payload: '{"a":1}}' },
    { what: 'empty JSON', contentType: 'application/json', payload: '' },
    { what: 'JSON NaN', contentType: 'application/json', payload: '{"order":NaN}' },
    {
      what: 'JSON prototype pollution',
      contentType: 'application/json',
      payload: '{"__proto__":{"role":"admin"}}',
    },
    {
      what: 'JSON constructor pollution',
      contentType: 'application/json',
      payload: '{"constructor":{"prototype":{"role":"admin"}}}',
    },
    {
      what: 'deeply nested JSON',
      contentType: 'application/json',
      payload: `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    },
    {
      what: 'JSON over the body limit',
      contentType: 'application/json',
      payload: `{"a":"${'x'.repeat(1_100_000)}"}`,
    },
    {
      what: 'invalid UTF-8 in JSON',
      contentType: 'application/json',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
    },
    { what: 'JSON in UTF-16', contentType: 'application/json; charset=utf-16', payload: '{"a":1}' },
    { what: 'multipart without a boundary', contentType: 'multipart/form-data', payload: 'name=x' },
    {
      what: 'truncated multipart',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nTara`,
    },
    {
      what: 'multipart with a broken part header',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nTara\r\n--${BOUNDARY}--\r\n`,
    },
    {
      what: 'multipart with another boundary',
      contentType: 'multipart/form-data; boundary=other',
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nTara\r\n--${BOUNDARY}--\r\n`,
    },
    {
      what: 'multipart with a part named __proto__',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
    {
      what: 'multipart with a NUL in a field name',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="na\u0000me"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    },
    {
      what: 'multipart with a JSON part that is not JSON',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n{x\r\n--${BOUNDARY}--\r\n`,
    },
    {
      what: 'multipart with a field over its size limit',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${'x'.repeat(110_000)}\r\n--${BOUNDARY}--\r\n`,
    },
    {
      what: 'multipart with too many fields',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `${Array.from({ length: 60 }, (_, index) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`).join('')}--${BOUNDARY}--\r\n`,
    },
    {
      what: 'multipart/mixed',
      contentType: `multipart/mixed; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}--\r\n`,
    },
    {
      what: 'urlencoded with bad escapes',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'name=%&a=%zz&%ED%A0%80=1',
    },
    {
      what: 'urlencoded with a NUL',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'name=a%00b&order=1%00',
    },
    {
      what: 'XML',
      contentType: 'text/xml',
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    { what: 'plain text', contentType: 'text/plain', payload: 'order=1' },
    { what: 'a content type that is not one', contentType: ';;;', payload: '{}' },
    { what: 'a body without a content type', contentType: undefined, payload: '{"a":1}' },
  ];
