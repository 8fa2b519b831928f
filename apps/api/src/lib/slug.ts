/**
 * URL slugs from names: lowercase ASCII words joined by hyphens ("Lama Chöpa" → "lama-chopa"). A name with
 * no Latin letters (Devanagari, Tibetan) falls back to the given word; a slug always holds a letter, so it
 * is never mistaken for an id.
 */
export function slugify(name: string, fallback = 'item'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return /[a-z]/.test(slug) ? slug : `${fallback}${slug ? `-${slug}` : ''}`;
}

/** The first of `base`, `base-2`, `base-3`… that `isTaken` says is free. */
export async function uniqueSlug(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
