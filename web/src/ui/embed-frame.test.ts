import { describe, expect, it } from 'vitest';
import { embedUrl, fullPageUrl } from './embed-frame';

describe('an embed', () => {
  it('opens the full page on the same state', () => {
    expect(fullPageUrl('https://docs.example/overhead/embed.html#v1=abc')).toBe('https://docs.example/overhead/#v1=abc');
    expect(fullPageUrl('https://docs.example/embed.html?scenario=car&theme=dark')).toBe('https://docs.example/?scenario=car&theme=dark');
    expect(fullPageUrl('https://docs.example/overhead/?embed#v1=abc')).toBe('https://docs.example/overhead/#v1=abc');
    expect(fullPageUrl('http://127.0.0.1:5173/?scenario=car&embed=')).toBe('http://127.0.0.1:5173/?scenario=car');
  });

  it('sends the addresses of earlier embed snippets (`?embed` on the full page) to the light embed', () => {
    expect(embedUrl('https://docs.example/overhead/?embed#v1=abc')).toBe('https://docs.example/overhead/embed.html#v1=abc');
    expect(embedUrl('https://docs.example/index.html?embed&scenario=car&theme=dark')).toBe('https://docs.example/embed.html?scenario=car&theme=dark');
    expect(embedUrl('https://docs.example/overhead/?scenario=car')).toBeNull();
  });
});
