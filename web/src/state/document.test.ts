import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, checkDocument, parseDocument } from './document';
import { loadSaved, save } from './saved';

const doc = {
  version: 1,
  name: 'user-signup',
  title: 'User signup',
  summary: 'A *summary*.',
  root: 'UserSignup',
  schema: 'struct UserSignup { age: u8 }',
  inputs: { valid: '{"age": 30}', invalid: '{"age": 300}' },
  variants: ['de', 'de+validate'],
  settings: { iterations: 1000, runs: 5, warmup: 100 },
};

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

describe('checkDocument', () => {
  it('accepts a scenario document and keeps only its known fields', () => {
    const checked = checkDocument({ ...doc, extra: '<script>', results: { nope: true } });
    expect(checked).toEqual({ ok: true, doc });
  });

  it('accepts a document with only what the CLI requires, as `overhead run` does', () => {
    const minimal = { version: 1, title: 'Signup', schema: doc.schema, inputs: doc.inputs };
    const checked = checkDocument(minimal);
    expect(checked).toEqual({
      ok: true,
      doc: { ...minimal, summary: '', variants: [], settings: { iterations: 500_000, runs: 5, warmup: 50_000 } },
    });
  });

  it('fills an absent setting with the seed value and keeps the given ones', () => {
    const checked = checkDocument({ ...doc, settings: { runs: 3 } });
    expect(checked.ok && checked.doc.settings).toEqual({ iterations: 500_000, runs: 3, warmup: 50_000 });
  });

  it.each([
    ['a summary that is not text', JSON.stringify({ ...doc, summary: 5 }), '`summary` must be a string'],
    ['a string', '"hello"', 'it is not a JSON object'],
    ['another version', JSON.stringify({ ...doc, version: 2 }), 'its version is not 1'],
    ['a schema that is not text', JSON.stringify({ ...doc, schema: { toString: 1 } }), '`schema` must be a string'],
    ['no inputs', JSON.stringify({ ...doc, inputs: {} }), 'it needs from 1 to 64 inputs'],
    ['an input that is not text', JSON.stringify({ ...doc, inputs: { valid: 3 } }), 'input `valid` must be a string'],
    ['absurd settings', JSON.stringify({ ...doc, settings: { iterations: 1e12, runs: 5, warmup: 0 } }), 'settings.iterations must be'],
    ['a negative repeat', JSON.stringify({ ...doc, repeat: -1 }), '`repeat` must be a whole number'],
    ['a prototype key', '{"__proto__": {"version": 1}}', 'its version is not 1'],
  ])('refuses %s with a message', (_what, text, message) => {
    const checked = parseDocument(text);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error).toContain(message);
  });

  it('refuses text over the size limit before parsing it', () => {
    const checked = parseDocument(' '.repeat(MAX_DOCUMENT_BYTES + 1));
    expect(checked).toEqual({ ok: false, error: 'Not a usable scenario: it is larger than 4 MiB.' });
  });

  it('refuses text that is not JSON', () => {
    expect(parseDocument('{"version": 1,')).toEqual({ ok: false, error: 'Not a usable scenario: it is not valid JSON.' });
  });
});

describe('saved work', () => {
  it('comes back as it was saved, without results', () => {
    const storage = new MemoryStorage();
    save(storage, { ...doc, version: 1, results: undefined });
    expect(loadSaved(storage)).toEqual(doc);
  });

  it('is dropped when it is not usable, and nothing is loaded', () => {
    const storage = new MemoryStorage();
    storage.setItem('overhead:work:v1', '{"version": 1, "title": 5}');
    expect(loadSaved(storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('works without storage at all', () => {
    expect(loadSaved(null)).toBeNull();
    expect(() => save(null, { ...doc, version: 1 })).not.toThrow();
  });
});
