import MarkdownIt from 'markdown-it';

/**
 * Help articles are Markdown. Raw HTML in the source is escaped (`html: false`) and markdown-it
 * refuses `javascript:`, `vbscript:`, `file:` and non-image `data:` links, so the output is safe
 * to insert as HTML: the server stores it, the console's editor previews with the same function.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The text of rendered Markdown, on one line: summaries and the search index. */
export function markdownToText(source: string): string {
  return renderMarkdown(source)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
