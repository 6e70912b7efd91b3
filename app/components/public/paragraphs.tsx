/**
 * Text the owner wrote in the content editor, as the server rendered it from its Markdown subset
 * (server/content/markdown.server.ts: typed HTML is escaped and only safe links are made, so it can go in as HTML).
 */
export function Paragraphs({ html, className }: { html: string | undefined; className?: string }) {
  if (!html) return null;
  return <div className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: html }} />;
}
