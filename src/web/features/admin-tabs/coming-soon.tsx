/** Stands in for a tab until the issue that builds it lands. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8">
      <h2 className="text-lg font-semibold text-brand-900">{title}</h2>
      <p className="mt-2 text-slate-600">This section is coming soon.</p>
    </div>
  );
}
