import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../report';
import { cliCommand, embedSnippet, fileName } from './sharing';

const doc: ScenarioDocument = {
  version: 1,
  title: 'Sign-up "form" <b>',
  summary: '',
  schema: 'struct A { n: u8 }',
  inputs: { valid: '{"n": 1}' },
  variants: ['de'],
  settings: { iterations: 10, runs: 1, warmup: 0 },
};
const page = { origin: 'https://docs.example', pathname: '/overhead/', search: '' } as Location;

describe('sharing', () => {
  it('names files and the CLI command after the scenario', () => {
    expect(fileName(doc)).toBe('sign-up-form-b.json');
    expect(fileName({ ...doc, name: 'user-signup' })).toBe('user-signup.json');
    expect(cliCommand(doc)).toBe('overhead run sign-up-form-b.json');
  });

  it('gives an iframe snippet with the embed view, attributes escaped', () => {
    const snippet = embedSnippet(doc, page);
    expect(snippet.ok).toBe(true);
    if (!snippet.ok) return;
    expect(snippet.url).toMatch(/^<iframe src="https:\/\/docs\.example\/overhead\/embed\.html#v1=[^"]+" title="Overhead: Sign-up &#34;form&#34; &#60;b&#62;" /);
    expect(snippet.url).not.toContain('<b>');
  });
});
