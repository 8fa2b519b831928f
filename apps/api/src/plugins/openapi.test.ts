import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The API description as the ecosystem's own tools read it (issue: outside validators rejected it): the
 * document the app serves, linted by Spectral's `oas` rules and Redocly's recommended ones, and a client
 * generated from it by openapi-typescript, type-checked.
 */
let harness: TestApp;
let documentText: string;

beforeAll(async () => {
  harness = await createTestApp();
  const response = await harness.app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  documentText = response.body;
});

afterAll(async () => {
  await harness.close();
});

type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: { format?: string } }> }>;
};
const HTTP_METHODS = ['get', 'post', 'patch', 'put', 'delete'];
function operations(): [string, Operation][] {
  const document = JSON.parse(documentText) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([url, pathItem]) =>
    Object.entries(pathItem)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${url}`, operation]),
  );
}

describe('the OpenAPI document', () => {
  it('has no error by Spectral’s oas rules', async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset(oas as never);
    const results = await spectral.run(
      new spectralCore.Document(documentText, spectralParsers.Json, 'openapi.json'),
    );
    const errors = results
      .filter((result) => result.severity === 0)
      .map((result) => `${result.code}: ${result.message} at ${result.path.join('.')}`);
    expect(errors).toEqual([]);
  });

  it('has no error by Redocly’s recommended rules', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: documentText, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('gives every operation a unique operationId, its security and a success answer', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(90);
    const ids = all.map(([, operation]) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.filter(([, operation]) => !Array.isArray(operation.security)).map(([name]) => name)).toEqual(
      [],
    );
    const withoutSuccess = all.filter(
      ([, operation]) => !Object.keys(operation.responses).some((status) => /^[23]/.test(status)),
    );
    expect(withoutSuccess.map(([name]) => name)).toEqual([]);
    // The public catalogue needs no session; an order list does.
    const byName = new Map(all);
    expect(byName.get('GET /api/monastery')?.security).toEqual([]);
    expect(byName.get('GET /api/order')?.security).toEqual([{ bearer: [] }]);
    expect(byName.get('GET /api/order')?.responses).toHaveProperty('401');
  });

  it('describes files, sent or answered, as binary', () => {
    const document = JSON.parse(documentText);
    const sitemap = new Map(operations()).get('GET /sitemap.xml');
    expect(sitemap?.responses['200']?.content?.['application/xml']?.schema?.format).toBe('binary');
    const picture =
      document.paths['/api/monastery'].post.requestBody.content['multipart/form-data'].schema.properties
        .image;
    expect(picture).toMatchObject({ type: 'string', format: 'binary' });
    const photos =
      document.paths['/api/complete-puja'].post.requestBody.content['multipart/form-data'].schema.properties[
        'files[]'
      ];
    expect(photos).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
  });

  it('generates a client (openapi-typescript) that type-checks', async () => {
    const generated = astToString(await openapiTS(documentText));
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'openapi-client-'));
    try {
      const file = path.join(directory, 'api.ts');
      await fs.writeFile(file, generated);
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        skipLibCheck: true,
        types: [],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
      // Operations are named as the contract names its endpoints.
      expect(generated).toContain('cancelOrder:');
    } finally {
      await fs.rm(directory, { recursive: true, force: true });
    }
    // A whole TypeScript program checked in the test's own thread: 22 s on a loaded two-core machine.
  }, 90_000);
});
