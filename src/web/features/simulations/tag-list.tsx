/** Tags as small chips; `limit` shows the first few (cards show 4). Styled by the `tag-list` utility (theme.css). */
export function TagList({ tags, limit }: { tags: readonly string[]; limit?: number }) {
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}
