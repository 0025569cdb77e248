import { describe, expect, it } from 'vitest';
import { inRuleAttribute, ruleDoc } from './rule-docs';

describe('rule docs', () => {
  it('explain rule keywords and nothing else', () => {
    expect(ruleDoc('regex')).toContain('unanchored');
    expect(ruleDoc('length')).toContain('bytes');
    expect(ruleDoc('email')).toContain('RFC 5321');
    expect(ruleDoc('String')).toBeNull();
    expect(ruleDoc('toString')).toBeNull();
    expect(ruleDoc('__proto__')).toBeNull();
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
