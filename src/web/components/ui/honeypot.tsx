/** Hidden from people and screen readers; bots fill it, and the server then drops the submission. */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="text"
      name="website"
      tabIndex={-1}
      autoComplete="off"
      aria-hidden="true"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="absolute -left-[9999px] h-0 w-0 opacity-0"
    />
  );
}
