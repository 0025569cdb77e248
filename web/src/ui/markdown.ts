// Scenario summaries are Markdown, and may come from a shared link: render them
// with raw HTML disabled, so anything HTML-like shows as text. markdown-it also
// refuses javascript:, vbscript:, file: and non-image data: link targets.
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

export function markdownToHtml(text: string): string {
  return markdown.render(text);
}
