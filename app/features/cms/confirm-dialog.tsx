// A destructive CMS action asks first (issue #20): the trigger opens a dialog that
// says what will happen; only its own submit button sends the form. Without
// JavaScript the trigger itself submits (the server checks everything anyway).
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';

export const dangerButtonClass =
  'rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950';
export const quietButtonClass =
  'rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold hover:bg-slate-200 dark:border-slate-600 dark:hover:bg-slate-800';

export function ConfirmAction(props: {
  /** The trigger's text, e.g. "Withdraw". */
  label: string;
  /** The dialog's title, e.g. "Withdraw the invitation to ann@example.com?" */
  title: string;
  description: ReactNode;
  /** The confirming button's text, e.g. "Withdraw invitation". */
  confirmLabel: string;
  /** Hidden fields of the form (intent, ids). */
  fields: Record<string, string | number>;
  /** Extra inputs inside the dialog's form (e.g. a reason). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const hidden = Object.entries(props.fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={String(value)} />
  ));
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={dangerButtonClass}>{props.label}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[28rem] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-lg font-bold">{props.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">{props.description}</div>
          </Dialog.Description>
          <Form method="post" className="mt-4 space-y-4" onSubmit={() => setOpen(false)}>
            {hidden}
            {props.children}
            <div className="flex justify-end gap-2">
              <Dialog.Close type="button" className={quietButtonClass}>
                Cancel
              </Dialog.Close>
              <button type="submit" disabled={navigation.state === 'submitting'} className={dangerButtonClass}>
                {props.confirmLabel}
              </button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
