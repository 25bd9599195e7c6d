import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMAS } from '../../../server/http/contract.ts';
import { isTerminal } from '../../../src/flows/checkout/orderStatus.ts';
import { isValidEmail } from '../../../src/services/emailAddress.ts';
import {
  ERROR_CODES,
  ORDER_STATUSES,
  TERMINAL_ORDER_STATUSES,
  TEST_PAYMENT_ACTIONS,
} from '../../../src/services/generated/api.ts';
import { apiContract, renderApiTypes } from '../../../tools/generate-types.ts';

const root = new URL('../../..', import.meta.url).pathname;
const contractDir = `${root}${apiContract.dir}/`;
const contractFiles = readdirSync(contractDir).filter((file) => file.endsWith('.schema.json'));
const readSchema = (file: string) =>
  JSON.parse(readFileSync(contractDir + file, 'utf8')) as Record<string, unknown>;

/**
 * Every hand-written .ts file under a folder, for the source scans below (not the generated
 * contract itself, nor database migrations, whose SQL is history and never edited).
 */
function sources(dir: string): string[] {
  return readdirSync(root + dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/test|generated|migrations/.test(file))
    .map((file) => readFileSync(`${root}${dir}/${file}`, 'utf8'));
}

describe('one API contract for the browser and the server (schemas/api/)', () => {
  it(`${apiContract.output} is what the schemas generate (run npm run schemas:types)`, async () => {
    expect(readFileSync(root + apiContract.output, 'utf8')).toBe(await renderApiTypes());
  });

  it('the server registers every schema of the folder, each under its own file name', () => {
    expect(Object.keys(API_SCHEMAS).sort()).toEqual([...contractFiles].sort());
    for (const [file, schema] of Object.entries(API_SCHEMAS)) {
      expect(schema.$id.endsWith(`/schemas/api/${file}`), file).toBe(true);
    }
  });

  it('every reference points at a schema of the folder, or at a definition of its own file', () => {
    const refs: string[] = [];
    const walk = (node: unknown, found: string[]) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') found.push(value);
        else walk(value, found);
      }
    };
    for (const file of contractFiles) {
      const schema = readSchema(file);
      const found: string[] = [];
      walk(schema, found);
      for (const ref of found) {
        if (!ref.startsWith('#/')) {
          refs.push(ref);
          continue;
        }
        // "#/$defs/page" (the report's parts): the definition must exist.
        const target = ref
          .slice(2)
          .split('/')
          .reduce<unknown>(
            (node, key) =>
              node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
            schema,
          );
        expect(target, `${file}: ${ref}`).toBeTypeOf('object');
      }
    }
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(contractFiles).toContain(ref);
  });

  it('every schema and property says what it is (the contract is the API documentation)', () => {
    const missing: string[] = [];
    for (const file of contractFiles) {
      const schema = readSchema(file);
      if (typeof schema.description !== 'string') missing.push(file);
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [name, property] of Object.entries(properties)) {
        if (typeof property.description !== 'string' && !property.$ref)
          missing.push(`${file}#/properties/${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the terminal statuses are order statuses, and the return page stops on exactly those', () => {
    for (const status of TERMINAL_ORDER_STATUSES) expect(ORDER_STATUSES).toContain(status);
    expect(ORDER_STATUSES.filter((status) => isTerminal(status))).toEqual([
      ...TERMINAL_ORDER_STATUSES,
    ]);
  });

  it('every error code the server sends is in the contract', () => {
    const sent = new Set<string>();
    for (const source of sources('server')) {
      for (const match of source.matchAll(/new ApiError\(\s*\d{3},\s*'([a-z_]+)'/g))
        sent.add(match[1] ?? '');
    }
    expect(sent.size).toBeGreaterThan(10);
    for (const code of sent) expect(ERROR_CODES, code).toContain(code);
  });

  it('the server offers exactly the contract’s test-payment actions', () => {
    const routes = readFileSync(`${root}server/routes/testPayments.ts`, 'utf8');
    expect(routes).toContain('for (const action of TEST_PAYMENT_ACTIONS)');
    expect([...TEST_PAYMENT_ACTIONS].sort()).toEqual(['cancel', 'decline', 'pay']);
  });

  it('no second copy of the status list or of an email pattern remains', () => {
    const all = [...sources('server'), ...sources('src')].join('\n');
    // A literal list of the statuses (as the repository and the return page each had).
    expect(all).not.toMatch(/'open',\s*'processing',\s*'completed'/);
    expect(all).not.toMatch(/\[\s*'completed',\s*'canceled',\s*'expired',\s*'failed'\s*\]/);
    // An email regex literal outside the contract.
    expect(all).not.toMatch(/\/\^\[\^\\s@\]\+@/);
    expect(all).not.toMatch(/const EMAIL_PATTERN\s*=/);
  });

  it('the one email check accepts and refuses what the form and the server must agree on', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.co.uk', "o'neil@example.org"])
      expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['a@b', 'a@b.c', 'a@example..com', 'a b@example.com', '', 'two@@x.com'])
      expect(isValidEmail(bad), bad).toBe(false);
    expect(isValidEmail(`${'x'.repeat(243)}@example.com`)).toBe(false); // 255 characters
  });
});
