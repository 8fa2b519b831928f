/**
 * The start of a description for a card. Counts characters, not UTF-16 units, so an emoji is never cut
 * in half; adds the ellipsis only when something was cut.
 */
export function previewText(text: string, maxCharacters: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxCharacters) return text;
  return `${characters.slice(0, maxCharacters).join('')}...`;
}
