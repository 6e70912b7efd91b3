/** Paragraphs of text from the site configuration, one <p> each (the texts are unique within a list). */
export function Paragraphs({ texts, className }: { texts: readonly string[] | undefined; className?: string }) {
  return texts?.map((text) => (
    <p key={text} className={className}>
      {text}
    </p>
  ));
}
