/** Tags as small chips; `limit` shows the first few (cards show 4). */
export function TagList({ tags, limit }: { tags: readonly string[]; limit?: number }) {
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}
