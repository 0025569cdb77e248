import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown';

describe('markdownToHtml', () => {
  it('renders the Markdown that summaries use', () => {
    expect(markdownToHtml('measured at **126 ns**; `de` is the baseline')).toBe(
      '<p>measured at <strong>126 ns</strong>; <code>de</code> is the baseline</p>\n',
    );
  });

  it('shows raw HTML as text and drops script links', () => {
    const html = markdownToHtml('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('href="javascript:');
  });
});
