import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findApiMessage } from './api-messages.ts';
import { en } from './en.ts';

/**
 * Every English message the API can answer with must be in the catalogue (en.ts, and so in ne.ts and
 * zh-Hant.ts, which api-messages.test.ts keeps whole). The messages are read from the sources themselves:
 * every sentence-like string or template literal of the API and the contract (an AppError's message, a
 * schema's message, a success message), so a new English message cannot slip out untranslated. A message
 * written with `apiMessage(key, …)` is in the catalogue by construction.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Folders whose texts never reach an answer's `message` or field errors: the command line and start-up
 * checks (a terminal), the database's migrations and demo data (data, not messages), background jobs,
 * the SMS and e-mail texts (notices/, translated on their own), the payment and SMS providers' clients
 * (their texts go to logs and to the admin's `refund_error` as the provider wrote them), and the catalogue.
 */
const SKIPPED = [
  /^apps\/api\/src\/(cli|config|db|jobs|notices|api-messages)\//,
  /^apps\/api\/src\/integrations\/(?!storage\/)/,
  /^apps\/api\/src\/server\.ts$/,
  // A calendar file, robots.txt and metrics' help: formats of their own, not answers' messages.
  /^apps\/api\/src\/modules\/(orders\/puja-calendar-event|seo\/seo\.service|system\/metrics)\.ts$/,
  /^apps\/api\/src\/plugins\/openapi\.ts$/,
  /^apps\/api\/src\/lib\/access-description\.ts$/,
  // The monthly statement's words: a document's, translated in the file itself (docs/decisions/034).
  /^apps\/api\/src\/modules\/earnings\/statement-words\.ts$/,
];

/**
 * Sentence-like texts of the sources that are not messages: data values and names a client reads as
 * data, and the product's name.
 */
const NOT_MESSAGES = new Set([
  'Refund due', // a payment status (constants.ts), shown by the web app in its own words
  'Card (Stripe)', // a provider's name (constants.ts), as eSewa's and Khalti's
  'Deleted account', // the name a deleted patron's orders keep
  'User canceled', // Khalti's status, compared with
  'Monastery Puja', // the product's name
  'Bearer {…}', // the metrics token's header, compared with
  'Cookie, Accept-Language', // the rendered pages' Vary header
]);

/** Calls whose text is for the logs, the database or the API's documentation, never for an answer. */
const NOT_ANSWERING_CALLS = new Set([
  'log',
  'trace',
  'debug',
  'info',
  'warn',
  'error',
  'fatal',
  'query',
  'raw',
]);
const DOCUMENTING_PROPERTIES = new Set(['summary', 'description', 'title']);
/** Calls whose text describes a schema for the API's documentation (zod's own, and the file fields'). */
const DOCUMENTING_CALLS = new Set(['describe', 'meta', 'uploadedFileSchema', 'uploadedFilesSchema']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Whether a literal is only for the logs, an internal error, a query or the API's documentation. */
function isNotAnAnswer(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isTaggedTemplateExpression(parent)) return true; // sql`…`
    if (ts.isNewExpression(parent) && ts.isIdentifier(parent.expression))
      return /^(Error|TypeError|RangeError)$/.test(parent.expression.text);
    if (ts.isCallExpression(parent)) {
      const callee = parent.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (NOT_ANSWERING_CALLS.has(name) || DOCUMENTING_CALLS.has(name)) return true;
      // An internal error's own message (`class … extends Error`), which the error handler never shows.
      if (callee.kind === ts.SyntaxKind.SuperKeyword && extendsPlainError(parent)) return true;
    }
    if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
      if (DOCUMENTING_PROPERTIES.has(parent.name.text)) return true;
    if (ts.isStatement(parent)) return false;
  }
  return false;
}

function extendsPlainError(node: ts.Node): boolean {
  let owner = node.parent;
  while (owner && !ts.isClassDeclaration(owner)) owner = owner.parent;
  return Boolean(
    owner?.heritageClauses?.some((clause) =>
      clause.types.some((type) => type.expression.getText() === 'Error'),
    ),
  );
}

interface SourceText {
  where: string;
  /** The text, with `{…}` for each substitution of a template. */
  text: string;
  substitutions: boolean;
}

function sentencesOf(file: string): SourceText[] {
  const where = relative(ROOT, file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: SourceText[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    let substitutions = false;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text = node.head.text + node.templateSpans.map((span) => `{…}${span.literal.text}`).join('');
      substitutions = true;
    }
    // A capital letter, then at least one more word: a sentence, as every message of the API is.
    if (text !== undefined && /^[A-Z][^\n]*\s\S/.test(text) && !isNotAnAnswer(node))
      found.push({
        where: `${where}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
        text,
        substitutions,
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each catalogue text with sample values, to be matched against a template of the sources. */
const SAMPLES: Record<string, string> = {
  count: '2',
  amount: 'Rs. 100',
  status: 'cancelled',
  order: 'PJ-7K3M9Q',
};
const SAMPLE_TEXTS = Object.values(en).map((english) =>
  english.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLES[name] ?? 'Xyz'),
);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isCatalogued = ({ text, substitutions }: SourceText) => {
  if (!substitutions) return findApiMessage(text) !== undefined;
  const pattern = new RegExp(`^${text.split('{…}').map(escapeRegExp).join('[\\s\\S]+')}$`);
  return SAMPLE_TEXTS.some((sample) => pattern.test(sample));
};

const SOURCES = [
  ...sourceFiles(join(ROOT, 'apps/api/src')),
  ...sourceFiles(join(ROOT, 'packages/contract/src')),
].filter((file) => !SKIPPED.some((pattern) => pattern.test(relative(ROOT, file))));

describe('the English messages of the sources', () => {
  it('reads the messages of the API and the contract', () => {
    const texts = SOURCES.flatMap(sentencesOf).map((found) => found.text);
    // A few known ones, so a scan that finds nothing cannot pass.
    expect(texts).toContain('Order not found.');
    expect(texts).toContain('Choose how to pay: eSewa or Khalti.');
    expect(texts).toContain('At most {…} photos at a time.');
    expect(texts.length).toBeGreaterThan(150);
  });

  it('finds every one in the catalogue, so each is answered in Nepali and Chinese too', () => {
    const missing = SOURCES.flatMap(sentencesOf)
      .filter((found) => !NOT_MESSAGES.has(found.text) && !isCatalogued(found))
      .map((found) => `${found.where}: ${found.text}`);
    expect(missing).toEqual([]);
  });
});
