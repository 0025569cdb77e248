import { describe, expect, it } from 'vitest';
import { inRuleAttribute, RuleDocs } from './rule-docs';

const docs = new RuleDocs([
  { word: 'email', dialects: ['seed', 'validator', 'garde'], doc: 'An address.', code: 'email' },
  { word: 'phone', dialects: ['validator'], doc: 'A phone number.', code: 'phone', notRun: 'it needs metadata' },
]);

describe('rule docs', () => {
  it('explain rule keywords, with their code and whether they run, and nothing else', () => {
    expect(docs.doc('email')).toBe('An address. Code `email`.');
    expect(docs.doc('phone')).toBe('A phone number. Code `phone`. Not run in the playground: it needs metadata.');
    expect(docs.doc('String')).toBeNull();
    expect(docs.doc('toString')).toBeNull();
    expect(docs.doc('__proto__')).toBeNull();
  });

  it("give each library's meaning of a word that has several, with whose it is", () => {
    const per = new RuleDocs([
      { word: 'email', dialects: ['seed'], doc: 'An HTML address.', code: 'email' },
      { word: 'email', dialects: ['validator'], doc: "validator's address.", code: 'email' },
    ]);
    expect(per.doc('email')).toBe("(seed) An HTML address. Code `email`.\n\n(validator) validator's address. Code `email`.");
  });

  it('are offered only inside a validation attribute', () => {
    const line = '    #[validate(email, length(max = 255))] pub email: String, // email';
    expect(inRuleAttribute(line, line.indexOf('email') + 1)).toBe(true);
    expect(inRuleAttribute(line, line.indexOf('length') + 1)).toBe(true);
    expect(inRuleAttribute(line, line.indexOf('email:') + 1)).toBe(false);
    expect(inRuleAttribute(line, line.lastIndexOf('email') + 1)).toBe(false);
    expect(inRuleAttribute('#[garde(dive)]', 9)).toBe(true);
    expect(inRuleAttribute('#[serde(default)]', 9)).toBe(false);
  });
});
