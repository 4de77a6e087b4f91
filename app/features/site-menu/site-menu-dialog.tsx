import * as Dialog from '@radix-ui/react-dialog';
import { LEGAL_NAVIGATION, MAIN_NAVIGATION } from '../../lib/routing/navigation.ts';
import { AppLink } from '../../components/app-link.tsx';

export default function SiteMenuDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 w-72 max-w-full overflow-y-auto bg-white p-4 shadow-xl dark:bg-slate-900">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">Close</Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Every section of the site</Dialog.Description>
          <nav aria-label="Menu">
            <ul className="space-y-1">
              {[...MAIN_NAVIGATION, { to: '/login', label: 'Sign in' }, ...LEGAL_NAVIGATION].map((item) => (
                <li key={item.to}>
                  <AppLink
                    to={item.to}
                    onClick={() => onOpenChange(false)}
                    className="block rounded px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    {item.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
