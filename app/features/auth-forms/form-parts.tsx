// Building blocks of the account forms: a labelled field whose error is linked
// with aria-describedby, the form-level alert, and the submit button that is
// disabled while the form is being sent. Used by the pages and the popups.
import type { ComponentType, ReactNode } from 'react';
import type { FetcherFormProps } from 'react-router';

/** `Form` on a page, `fetcher.Form` in a popup. */
export type FormComponent = ComponentType<FetcherFormProps & { children?: ReactNode }>;

/** What every account action answers when the input is refused. */
export interface FormFailure {
  ok: false;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

export interface FormSuccess {
  ok: true;
  message: string;
}

export type FormResult = FormFailure | FormSuccess;

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export const primaryButtonClass =
  'w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';

export const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100';

export function failureOf(result: FormResult | undefined): FormFailure | undefined {
  return result && !result.ok ? result : undefined;
}

export function FormAlert({ id, result }: { id: string; result: FormResult | undefined }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <p
        id={id}
        role="status"
        className="rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100"
      >
        {result.message}
      </p>
    );
  }
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
      {result.message}
    </p>
  );
}

export function Field(props: {
  idPrefix: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  failure: FormFailure | undefined;
  /** Passwords are never sent back: their fields start empty after an error. */
  keepValue?: boolean;
  defaultValue?: string;
}) {
  const { idPrefix, name, label, type = 'text', autoComplete, required, hint, failure, keepValue = true } = props;
  const id = `${idPrefix}-${name}`;
  const error = failure?.fields[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const value = keepValue ? (failure?.values[name] ?? props.defaultValue) : undefined;
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={primaryButtonClass}>
      {pending ? pendingLabel : label}
    </button>
  );
}
