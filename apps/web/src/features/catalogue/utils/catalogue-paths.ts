interface Linkable {
  id: number;
  slug: string | null;
}

// docs/product.md#routes: cards link by slug when the item has one, otherwise by id.
function slugOrId(item: Linkable): string {
  return item.slug || String(item.id);
}

export function monasteryPath(monastery: Linkable): string {
  return `/monastery/${encodeURIComponent(slugOrId(monastery))}`;
}

export function pujaPath(puja: Linkable): string {
  return `/puja/${encodeURIComponent(slugOrId(puja))}`;
}
