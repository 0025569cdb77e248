import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../report';
import {
  OWN_TITLE,
  asOwn,
  inputsChooseRoot,
  isOwn,
  ownHeading,
  presetOnOpen,
  presetWhenOwn,
  rootGone,
  sameInputs,
  wantsExamples,
} from './ownership';

const signup: ScenarioDocument = {
  version: 1,
  name: 'user-signup',
  title: 'User signup',
  summary: 'What validation costs on a signup form.',
  root: 'UserSignup',
  schema: 'struct UserSignup { email: String }',
  inputs: { valid: '{"email":"a@b.c"}' },
  variants: ['de'],
  settings: { warmup: 50_000, runs: 5, iterations: 500_000 },
};

describe('a paste over a scenario', () => {
  it('is the person’s own once the definitions no longer hold the scenario’s root', () => {
    expect(rootGone(signup, ['Address', 'CreateOrder'])).toBe(true);
    expect(rootGone(signup, ['UserSignup', 'Extra'])).toBe(false);
    // A half-typed paste that defines nothing yet keeps the scenario's root.
    expect(rootGone(signup, [])).toBe(false);
    expect(rootGone({ ...signup, root: undefined }, ['A'])).toBe(false);
  });

  it('keeps the definitions, inputs and teaching text, and drops the bundled name and root', () => {
    const own = asOwn(signup);
    expect(own).toEqual({ ...signup, name: undefined, root: undefined, title: OWN_TITLE });
    expect('name' in own).toBe(false);
    expect('root' in own).toBe(false);
    expect(isOwn(own)).toBe(true);
    expect(isOwn(signup)).toBe(false);
  });

  it('heads the page with the root a run uses', () => {
    expect(ownHeading('CreateOrder')).toBe('Your definitions — CreateOrder');
    expect(ownHeading(null)).toBe('Your definitions');
  });

  it('runs Quick unless the person chose numbers or a preset', () => {
    const seed = signup.settings;
    expect(presetWhenOwn('custom', seed, seed)).toBe('quick');
    expect(presetWhenOwn('custom', { ...seed, runs: 7 }, seed)).toBe('custom');
    expect(presetWhenOwn('seed', seed, seed)).toBe('seed');
    expect(presetWhenOwn('quick', seed, seed)).toBe('quick');
  });

  it('opens the person’s own definitions Quick, a scenario with its own numbers', () => {
    expect(presetOnOpen(asOwn(signup))).toBe('quick');
    expect(presetOnOpen(signup)).toBe('custom');
  });
});

describe('inputs made for a paste', () => {
  const own = asOwn(signup);
  const runs = { runnable: true, automatic: { name: 'CreateOrder' } };
  const schema = 'struct CreateOrder { id: u32 }';

  it('are offered over the scenario’s inputs left as they were (the module keeps them if they decode)', () => {
    expect(wantsExamples(own, runs, signup.inputs, schema, [signup.inputs], null)).toBe(true);
  });

  it('are made again when the definitions change under inputs the page made, untouched', () => {
    const made = { inputs: { valid: '{"id": 1}' }, schema };
    expect(wantsExamples(own, runs, made.inputs, 'struct CreateOrder { id: u32, note: String }', [], made)).toBe(true);
    expect(wantsExamples(own, runs, made.inputs, schema, [], made)).toBe(false);
    // Edited, they are the person's.
    expect(wantsExamples(own, runs, { valid: '{"id": 2}' }, 'struct B { x: u8 }', [], made)).toBe(false);
  });

  it('never replace inputs the person edited', () => {
    expect(wantsExamples(own, runs, { valid: '{"id":1}' }, schema, [signup.inputs], null)).toBe(false);
    expect(wantsExamples(own, runs, { ...signup.inputs, mine: '{}' }, schema, [signup.inputs], null)).toBe(false);
  });

  it('wait for definitions that run, with the root left automatic', () => {
    expect(wantsExamples(own, { ...runs, runnable: false }, signup.inputs, schema, [signup.inputs], null)).toBe(false);
    expect(wantsExamples(own, { ...runs, automatic: null }, signup.inputs, schema, [signup.inputs], null)).toBe(false);
    expect(wantsExamples(signup, runs, signup.inputs, schema, [signup.inputs], null)).toBe(false);
  });

  it('compare inputs by name and text', () => {
    expect(sameInputs({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameInputs({ a: '1' }, { a: '1 ' })).toBe(false);
    expect(sameInputs({ a: '1' }, { a: '1', b: '2' })).toBe(false);
  });
});

describe('the automatic root of a paste', () => {
  const own = asOwn(signup);
  const schema = 'struct Contact { email: Option<String> } struct Info { title: String, contact: Contact }';

  it('is chosen by the definitions alone over the scenario’s inputs, left as they were', () => {
    expect(inputsChooseRoot(own, signup.inputs, schema, [signup.inputs], null)).toBe(false);
  });

  it('is chosen by the definitions alone over inputs the page made for other definitions', () => {
    const made = { inputs: { valid: '{"id": 1}' }, schema: 'struct CreateOrder { id: u32 }' };
    expect(inputsChooseRoot(own, made.inputs, schema, [], made)).toBe(false);
    // Made for these definitions, they are the root's own.
    expect(inputsChooseRoot(own, made.inputs, made.schema, [], made)).toBe(true);
  });

  it('is chosen by inputs the person typed or pasted', () => {
    expect(inputsChooseRoot(own, { valid: '{"title": "API"}' }, schema, [signup.inputs], null)).toBe(true);
    expect(inputsChooseRoot(own, { ...signup.inputs, mine: '{}' }, schema, [signup.inputs], null)).toBe(true);
  });

  it('is the scenario’s own while it names one', () => {
    expect(inputsChooseRoot(signup, signup.inputs, signup.schema, [signup.inputs], null)).toBe(true);
  });
});
