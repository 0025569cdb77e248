// The `js` engine against Rust (the interpreter in the benchmark wasm module):
// on generated inputs — valid ones, one breaking each rule, and edits that
// break the shape — both give the same outcome and the same violations (path,
// code and message). A JS engine that drifted from the Rust rules would make
// the page's wasm-vs-JS table compare different work.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeModel, generatedInputs, initSync, rustVerdicts } from '../wasm-pkg/overhead_wasm.js';
import { bundledScenarios, initSync as initAnalyzer, keywordDocs } from '../wasm-pkg/overhead_wasm_analyzer.js';
import type { ScenarioDocument } from '../report';
import { compileJsEngine, type JsVerdict } from './engine';
import type { KeywordDoc } from '../ui/rule-docs';
import type { JsModel } from './model';
import { needleRules, numberRules, textRules } from './rules';
import { buildZodSchema, zodDeValidate } from './zod';

initSync({ module: readFileSync(new URL('../wasm-pkg/overhead_wasm_bg.wasm', import.meta.url)) });
initAnalyzer({ module: readFileSync(new URL('../wasm-pkg/overhead_wasm_analyzer_bg.wasm', import.meta.url)) });

interface Verdict {
  outcome: string;
  violations: { path: string; code: string; message: string }[];
}

/** Violations in a stable order: a map's keys come in JS's order, not the text's. */
function normal(v: JsVerdict | Verdict): Verdict {
  const violations = [...(v.violations ?? [])].map(({ path, code, message }) => ({ path, code, message }));
  violations.sort((a, b) => `${a.path} ${a.code} ${a.message}`.localeCompare(`${b.path} ${b.code} ${b.message}`));
  return { outcome: v.outcome, violations };
}

/** Edits of a valid document that break its shape or leave keys out. */
function edits(text: string): string[] {
  const value = JSON.parse(text) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const out: string[] = [JSON.stringify({ ...value, unexpected: 1 }), '[]', '{"a":', 'null'];
  for (const key of Object.keys(value)) {
    const { [key]: _dropped, ...rest } = value;
    out.push(JSON.stringify(rest));
    for (const wrong of [true, 'text', 300, -1, 2.5, null, [], {}]) out.push(JSON.stringify({ ...value, [key]: wrong }));
  }
  return out;
}

function agree(schema: string, root: string | undefined, extra: string[] = []): number {
  const model = JSON.parse(describeModel(schema, root)) as JsModel;
  const engine = compileJsEngine(model);
  const generated = JSON.parse(generatedInputs(schema, root, 7, 40)) as string[];
  const texts = [...generated, ...generated.slice(0, 3).flatMap(edits), ...extra];
  const rust = JSON.parse(rustVerdicts(schema, root, JSON.stringify(texts))) as Verdict[];
  texts.forEach((text, i) => {
    expect(normal(engine.deValidate(text)), text).toEqual(normal(rust[i]!));
    const decoded = engine.de(text).outcome === 'error' ? 'error' : 'ok';
    expect(decoded, text).toBe(rust[i]!.outcome === 'error' ? 'error' : 'ok');
  });
  return texts.length;
}

function bundled(name: string): ScenarioDocument {
  const doc = (JSON.parse(bundledScenarios()) as ScenarioDocument[]).find((d) => d.name === name);
  if (!doc) throw new Error(`${name} is not bundled`);
  return doc;
}

const EVERY_VALIDATOR_RULE = `
#[derive(Deserialize, Validate)]
#[serde(deny_unknown_fields)]
struct Everything {
    #[validate(email, length(max = 40))]
    email: String,
    #[validate(url)]
    site: String,
    #[validate(length(min = 2, max = 6), alphanumeric)]
    handle: String,
    #[validate(range(min = 18, max = 120))]
    age: u8,
    #[validate(range(exclusive_min = 0.0, max = 1.5))]
    ratio: f64,
    #[validate(non_blank, contains(pattern = "x"), does_not_contain(pattern = "zz"))]
    text: String,
    #[validate(regex(pattern = r"^[a-z]+-\\d{2}$", code = "slug", message = "a slug like ab-12"))]
    slug: String,
    #[validate(one_of("card", "cash"))]
    pay: String,
    #[validate(each(email), length(min = 1, max = 3), unique)]
    emails: Vec<String>,
    #[validate(required)]
    nick: Option<String>,
    #[serde(default)]
    #[validate(length(min = 1, max = 5))]
    notes: String,
    #[validate(nested)]
    home: Address,
    #[validate(nested, length(max = 2))]
    others: Vec<Address>,
    #[validate(nested)]
    by_name: std::collections::HashMap<String, Address>,
    password: String,
    #[validate(must_match(other = "password"))]
    password2: String,
    #[serde(rename = "kind")]
    kind: Kind,
    pair: (u8, String),
    #[validate(non_empty)]
    tags: [String; 2],
}

#[derive(Deserialize, Validate)]
struct Address {
    #[validate(length(min = 1, max = 10), ascii)]
    city: String,
    #[validate(length(equal = 2))]
    country: String,
}

#[derive(Deserialize)]
enum Kind { Person, Company }
`;

const EVERY_GARDE_RULE = `
#[derive(Deserialize, Validate)]
struct Profile {
    #[garde(length(chars, min = 2, max = 4), prefix("x"), suffix("y"))]
    code: String,
    #[garde(length(utf16, min = 1, max = 3))]
    emoji: String,
    #[garde(length(bytes, max = 4))]
    short: String,
    #[garde(ascii, pattern(r"\\A\\w+\\z"))]
    word: String,
    #[garde(inner(length(min = 2)))]
    nick: Option<String>,
    #[garde(range(min = -5, max = 5))]
    delta: i32,
    #[garde(skip)]
    free: serde_json::Value,
}
`;

// Types with a serde form of their own: text of a shape, NonZero, serde_repr.
const SHAPED_TYPES = `
#[serde_as]
#[derive(Deserialize, Validate)]
struct Booking {
    id: Uuid,
    day: NaiveDate,
    at: NaiveTime,
    starts: NaiveDateTime,
    stamp: DateTime<Utc>,
    host: IpAddr,
    v4: Ipv4Addr,
    v6: Ipv6Addr,
    listen: SocketAddr,
    #[validate(length(max = 40))]
    site: Url,
    #[serde(with = "humantime_serde")]
    ttl: std::time::Duration,
    #[serde_as(as = "DisplayFromStr")]
    count: u8,
    #[serde_as(as = "DisplayFromStr")]
    big: u128,
    #[serde_as(as = "DisplayFromStr")]
    ratio: f64,
    #[serde_as(as = "DisplayFromStr")]
    flag: bool,
    seats: NonZeroU8,
    level: Level,
    mood: Mood,
}

#[derive(Deserialize_repr)]
#[repr(u8)]
enum Level { Low = 1, Mid = 2, High = 7 }

#[derive(Deserialize_repr)]
#[repr(i8)]
enum Mood { Sad = -1, Fine = 0, #[serde(other)] Unknown = 9 }
`;

describe('the js engine against Rust', () => {
  it('agrees on user-signup, api-payload and car: outcomes and every violation', () => {
    for (const name of ['user-signup', 'api-payload', 'car']) {
      const doc = bundled(name);
      const extra = Object.values(doc.inputs);
      expect(agree(doc.schema, doc.root ?? undefined, extra)).toBeGreaterThan(40);
    }
  });

  it('agrees on every validator rule, with custom codes and messages, nested and in collections', () => {
    const hostile = [
      '{"email":"ä@b.c"}',
      JSON.stringify({ __proto__: 1, constructor: 2 }),
    ];
    expect(agree(EVERY_VALIDATOR_RULE, 'Everything', hostile)).toBeGreaterThan(100);
  });

  it('has a twin for every text rule of the registry, and agrees with it on a field of each, in each dialect', () => {
    const keywords = (JSON.parse(keywordDocs()) as KeywordDoc[]).filter((k) => k.text && !k.notRun);
    const rules = new Set(keywords.map((k) => k.rule));
    expect([...rules].filter((rule) => rule === undefined || !Object.hasOwn(textRules, rule))).toEqual([]);
    expect([...rules].sort()).toEqual(Object.keys(textRules).sort());
    // Each dialect's own words: `email` is the seed's, validator's or garde's.
    const dialects = [
      ['seed', 'use overhead_validate::Validate;', 'validate'],
      ['validator', 'use validator::Validate;', 'validate'],
      ['garde', 'use garde::Validate;', 'garde'],
    ] as const;
    for (const [dialect, use, attribute] of dialects) {
      const words = keywords.filter((k) => k.dialects.includes(dialect));
      const fields = words.map((k, i) => `    #[${attribute}(${k.word})]\n    pub text_${i}: String,`).join('\n');
      const schema = `${use}\n#[derive(Deserialize, Validate)]\npub struct Texts {\n${fields}\n}\n`;
      const odd = [
        '', ' ', 'é', 'a\u0007b', '4111111111111111', 'a@b.c', 'https://a.b', '٣',
        'a@[127.0.0.1]', 'a@host[::1]', 'a@bücher.de', 'a@b@c.de', 'é@b.de', 'a@b_c.de', 'a@ｅｘａｍｐｌｅ．ｃｏｍ',
      ].map((s) => JSON.stringify(Object.fromEntries(words.map((_, i) => [`text_${i}`, s]))));
      expect(agree(schema, 'Texts', odd), dialect).toBeGreaterThan(words.length);
    }
  });

  it('has a twin for every needle rule of the registry, and agrees with it on a field of each', () => {
    const keywords = (JSON.parse(keywordDocs()) as KeywordDoc[]).filter(
      (k) => k.needle && !k.notRun && (k.dialects.includes('validator') || k.dialects.includes('seed')),
    );
    const rules = new Set(keywords.map((k) => k.code));
    expect([...rules].sort()).toEqual(Object.keys(needleRules).sort());
    const fields = keywords
      .map((k, i) => `    #[validate(${k.word} = "ab")]\n    pub text_${i}: String,`)
      .join('\n');
    const schema = `#[derive(Deserialize, Validate)]\npub struct Needles {\n${fields}\n}\n`;
    const odd = ['', 'ab', 'xab', 'abx', 'xabx', 'a', 'AB', 'aéb'].map((s) =>
      JSON.stringify(Object.fromEntries(keywords.map((_, i) => [`text_${i}`, s]))),
    );
    expect(agree(schema, 'Needles', odd)).toBeGreaterThan(keywords.length);
  });

  it("has a twin for every number rule, and agrees with it on domainstack's number words", () => {
    const schema = `use domainstack::prelude::*;
#[derive(Deserialize, Validate)]
pub struct Numbers {
    #[validate(non_zero)]
    pub step: i32,
    #[validate(not_equals = 3)]
    pub skip: i64,
    #[validate(multiple_of = 5)]
    pub lot: u32,
    #[validate(multiple_of = 2.5)]
    pub quarter: f64,
    #[validate(not_equals = 0.5)]
    pub half: f64,
}
`;
    const model = JSON.parse(describeModel(schema, 'Numbers')) as JsModel;
    const used = new Set(JSON.stringify(model.types).match(/"rule":"[a-z_]+"/g));
    for (const rule of Object.keys(numberRules)) expect(used, rule).toContain(`"rule":"${rule}"`);
    const odd = [
      [0, 3, 7, 7.5, 0.5],
      [-0.0, -3, 0, -2.5, -0.5],
      [1, 4, 4294967295, 1e300, 0.25],
    ].map(([step, skip, lot, quarter, half]) => JSON.stringify({ step, skip, lot, quarter, half }));
    expect(agree(schema, 'Numbers', odd)).toBeGreaterThan(odd.length);
  });

  it('agrees on the garde rules: length modes, affixes, Unicode classes, inner', () => {
    const texts = ['😀', 'é', 'e\u0301', 'Zoë', '٣', 'a b', ''].map((s) =>
      JSON.stringify({ code: `x${s}y`, emoji: s, short: s, word: s, nick: s, delta: 0, free: null }),
    );
    expect(agree(EVERY_GARDE_RULE, 'Profile', texts)).toBeGreaterThan(40);
  });

  it('agrees on text-shaped types, NonZero integers and serde_repr enums', () => {
    const valid = {
      id: '67e55044-10b1-426f-9247-bb680e5fe0c8',
      day: '2024-02-29',
      at: '23:59:60.5',
      starts: '2024-05-17 09:30:00',
      stamp: '2024-05-17T09:30:00+02:00',
      host: '2001:db8::1',
      v4: '10.0.0.1',
      v6: '::1',
      listen: '[::1]:8080',
      site: 'https://example.com/a',
      ttl: '1h 30m',
      count: '255',
      big: '340282366920938463463374607431768211455',
      ratio: '-1.5e3',
      flag: 'true',
      seats: 3,
      level: 7,
      mood: 5,
    };
    const wrong: Record<string, unknown[]> = {
      id: ['67e55044-10b1-426f-9247-bb680e5fe0c', '{67e55044-10b1-426f-9247-bb680e5fe0c8}', 'urn:uuid:67e5504410b1426f9247bb680e5fe0c8'],
      day: ['2023-02-29', '2024-1-01', '+2024-01-01'],
      at: ['24:00:00', '09:30', '09:30:00.'],
      starts: ['2024-05-17T9:30:00', '2024-05-17'],
      stamp: ['2024-05-17T09:30:00', '2024-05-17t09:30:00z', '2024-05-17T09:30:00+0200'],
      host: ['1.2.3', '::g'],
      v4: ['01.1.1.1', '256.0.0.1'],
      listen: ['10.0.0.1', '10.0.0.1:65536', '[::1]:80', '::1:80'],
      site: ['example.com', 'https://example.com/a-very-long-path-that-breaks-the-length-rule'],
      ttl: ['soon', '5 fortnights', '2h30m'],
      count: ['256', '+7', '-0', '1.0'],
      big: ['340282366920938463463374607431768211456', '-1'],
      ratio: ['inf', 'NaN', '.5', '5.', '1e', 'x'],
      flag: ['True', '1'],
      seats: [0, 256],
      level: [3, 0, 'Low', 7.5],
      mood: [-1, 127, 128],
    };
    const texts = [JSON.stringify(valid)];
    for (const [key, values] of Object.entries(wrong)) for (const v of values) texts.push(JSON.stringify({ ...valid, [key]: v }));
    expect(agree(SHAPED_TYPES, 'Booking', texts)).toBeGreaterThan(40);
    // zod reads them the same way.
    const model = JSON.parse(describeModel(SHAPED_TYPES, 'Booking')) as JsModel;
    const schema = buildZodSchema(model);
    const rust = JSON.parse(rustVerdicts(SHAPED_TYPES, 'Booking', JSON.stringify(texts))) as Verdict[];
    texts.forEach((text, i) => expect(zodDeValidate(schema, text).outcome, text).toBe(rust[i]!.outcome));
  });

  it('refuses what JSON.parse cannot give, with the reason', () => {
    const flatten = 'struct A { #[serde(flatten)] b: B }\nstruct B { x: u8 }';
    expect(() => describeModel(flatten, 'A')).toThrow(/flatten/);
  });
});

describe('zod as a peer', () => {
  it('runs the same definitions and agrees with Rust on the bundled inputs', () => {
    for (const name of ['user-signup', 'api-payload', 'car']) {
      const doc = bundled(name);
      const model = JSON.parse(describeModel(doc.schema, doc.root ?? undefined)) as JsModel;
      const schema = buildZodSchema(model);
      const texts = Object.values(doc.inputs);
      const rust = JSON.parse(rustVerdicts(doc.schema, doc.root ?? undefined, JSON.stringify(texts))) as Verdict[];
      texts.forEach((text, i) => expect(zodDeValidate(schema, text).outcome, `${name}: ${text}`).toBe(rust[i]!.outcome));
    }
  });

  it('tells a decoding error from a broken rule', () => {
    const model = JSON.parse(describeModel(bundled('user-signup').schema, undefined)) as JsModel;
    const schema = buildZodSchema(model);
    expect(zodDeValidate(schema, '{"email":"a@b.c","age":300,"username":"abc"}').outcome).toBe('error');
    expect(zodDeValidate(schema, '{"email":"a@b.c","age":12,"username":"abc"}').outcome).toBe('invalid');
    expect(zodDeValidate(schema, '{"email":').outcome).toBe('error');
  });
});
