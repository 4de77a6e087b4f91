// Recent form as W/D/L chips: the letter carries the meaning, colour only adds to it.
const CHIP: Record<'W' | 'D' | 'L', { label: string; className: string }> = {
  W: { label: 'Won', className: 'bg-emerald-700 text-white' },
  D: { label: 'Drawn', className: 'bg-slate-500 text-white dark:bg-slate-600' },
  L: { label: 'Lost', className: 'bg-red-700 text-white' },
};

/** Oldest first, newest last (as the API gives it). */
export function FormChips({ form }: { form: ReadonlyArray<'W' | 'D' | 'L'> }) {
  if (form.length === 0) return <span className="text-xs text-slate-600 dark:text-slate-400">–</span>;
  return (
    <span className="inline-flex gap-0.5" data-testid="form">
      <span className="sr-only">Last {form.length}, oldest first: </span>
      {form.map((result, index) => (
        <abbr
          key={index}
          title={CHIP[result].label}
          className={`inline-flex size-5 items-center justify-center rounded text-[0.65rem] font-bold no-underline ${CHIP[result].className}`}
        >
          {result}
        </abbr>
      ))}
    </span>
  );
}
