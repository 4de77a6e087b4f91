// The account popups of the header (issue #6): sign in, create an account,
// forgot password and change password, without leaving the page. They post
// to the same actions as the pages; a successful sign-in reloads the page the
// visitor was on, now signed in.
import * as Dialog from '@radix-ui/react-dialog';
import { useFetcher, useLocation } from 'react-router';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { linkClass, type FormResult } from './form-parts.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { UpdatePasswordForm } from './update-password-form.tsx';

export type AuthDialogView = 'login' | 'register' | 'forgot' | 'update-password';

const TITLES: Record<AuthDialogView, string> = {
  login: 'Sign in',
  register: 'Create an account',
  forgot: 'Reset your password',
  'update-password': 'Change your password',
};

const DESCRIPTIONS: Record<AuthDialogView, string> = {
  login: 'Sign in without leaving this page.',
  register: 'Free. Keep your favourites on every device.',
  forgot: 'We will mail you a link to choose a new password.',
  'update-password': 'Your other devices will be signed out.',
};

function SwitchLink({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" onClick={onClick} className={linkClass}>
      {children}
    </button>
  );
}

export default function AuthDialog(props: {
  view: AuthDialogView;
  onViewChange: (view: AuthDialogView) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { view, onViewChange, open, onOpenChange } = props;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const redirectQuery = `?redirect=${encodeURIComponent(here)}`;
  // One fetcher per form keeps each form's answer apart.
  const login = useFetcher<FormResult>();
  const register = useFetcher<FormResult>();
  const forgot = useFetcher<FormResult>();
  const password = useFetcher<FormResult & { intent?: string }>();
  const busy = (fetcher: { state: string }) => fetcher.state !== 'idle';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[26rem] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <div className="mb-2 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold">{TITLES[view]}</Dialog.Title>
            <Dialog.Close className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-slate-700 dark:text-slate-300">
            {DESCRIPTIONS[view]}
          </Dialog.Description>
          {view === 'login' ? (
            <>
              <LoginForm
                Form={login.Form}
                action={`/login${redirectQuery}`}
                idPrefix="dialog"
                result={login.data}
                pending={busy(login)}
                redirectTo={here}
              />
              <p className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
                <SwitchLink onClick={() => onViewChange('forgot')}>Forgot your password?</SwitchLink>
                <SwitchLink onClick={() => onViewChange('register')}>Create an account</SwitchLink>
              </p>
            </>
          ) : null}
          {view === 'register' ? (
            <>
              <RegisterForm
                Form={register.Form}
                action={`/register${redirectQuery}`}
                idPrefix="dialog"
                result={register.data}
                pending={busy(register)}
                redirectTo={here}
              />
              <p className="mt-4 text-sm">
                <SwitchLink onClick={() => onViewChange('login')}>I already have an account</SwitchLink>
              </p>
            </>
          ) : null}
          {view === 'forgot' ? (
            <>
              <ForgotPasswordForm
                Form={forgot.Form}
                action="/auth/reset-password"
                idPrefix="dialog"
                result={forgot.data}
                pending={busy(forgot)}
              />
              <p className="mt-4 text-sm">
                <SwitchLink onClick={() => onViewChange('login')}>Back to sign in</SwitchLink>
              </p>
            </>
          ) : null}
          {view === 'update-password' ? (
            <UpdatePasswordForm
              Form={password.Form}
              action="/account"
              idPrefix="dialog"
              result={password.data}
              pending={busy(password)}
              mode="change"
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
