/**
 * The start of a description for a card, at most `maxCharacters` long including the ellipsis. It is cut
 * at the last word boundary that fits, so a card never ends in half a word ("It i…"), and trailing
 * punctuation is dropped before the "…". Counts characters, not UTF-16 units, so an emoji is never cut in
 * half. A text that fits is left whole.
 */
export function previewText(text: string, maxCharacters: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxCharacters) return text;
  // Room for the ellipsis, which counts as one character.
  const room = characters.slice(0, Math.max(0, maxCharacters - 1));
  // A cut right before a space ends a word cleanly; otherwise go back to the last space.
  const nextIsSpace = /\s/.test(characters[room.length] ?? '');
  let end = room.length;
  if (!nextIsSpace) {
    const lastSpace = room.findLastIndex((character) => /\s/.test(character));
    // One long word with no space to cut at (a URL, a name) is cut where it must be.
    if (lastSpace > 0) end = lastSpace;
  }
  const kept = room
    .slice(0, end)
    .join('')
    .replace(/[\s,;:.\-–—([{"'“‘]+$/u, '');
  return `${kept}…`;
}
