import { describe, expect, it } from 'vitest';
import { fullPageUrl } from './embed-frame';

describe('an embed', () => {
  it('opens the full page on the same state', () => {
    expect(fullPageUrl('https://docs.example/overhead/?embed#v1=abc')).toBe('https://docs.example/overhead/#v1=abc');
    expect(fullPageUrl('https://docs.example/?embed&scenario=car&theme=dark')).toBe('https://docs.example/?scenario=car&theme=dark');
    expect(fullPageUrl('http://127.0.0.1:5173/?scenario=car&embed=')).toBe('http://127.0.0.1:5173/?scenario=car');
  });
});
