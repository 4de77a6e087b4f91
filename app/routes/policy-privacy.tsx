import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Prose } from '../components/prose.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { useSite } from '../lib/site/site.ts';
import type { Route } from './+types/policy-privacy';

export const handle = { breadcrumb: 'Privacy policy' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Privacy policy',
    description:
      'What personal data this football scores site stores for guests and account holders, why, for how long, and how to see, correct or delete it.',
  });

export default function Page() {
  const site = useSite();
  const siteName = site?.siteName ?? 'Scoreline';
  return (
    <>
      <PageHeader title="Privacy policy" />
      <Prose>
        <p>
          {siteName} is built to need as little personal data as possible. You can read every score, fixture and
          match page without an account, and by default nothing tracks you. This page explains what is stored, why,
          for how long, and what you can do about it.
        </p>

        <h2>Who is responsible for your data</h2>
        <p>
          This site is built with Scoreline, open-source software that anyone can host. The operator of this copy,{' '}
          {siteName}, is the controller of your personal data: they decide what is collected here and they answer your
          requests. The authors of the software have no access to the data of this site. In this policy,
          &quot;we&quot; means that operator.
        </p>

        <h2>If you visit without an account</h2>
        <ul>
          <li>
            Your favourite teams and competitions, your colour mode (light, dark or system) and other display settings
            are saved in your browser&apos;s local storage. They stay on your device and are not sent to us. Clearing
            your browser&apos;s site data removes them.
          </li>
          <li>
            While you browse, your browser&apos;s session storage keeps scroll positions so the back button returns you
            to the right place. It is deleted when you close the tab.
          </li>
          <li>
            One cookie, &quot;i18n_redirected&quot;, remembers your language so the site does not have to work it out
            again. It holds only a language code and lasts 365 days.
          </li>
          <li>
            There is no tracking by default: no analytics, advertising or social-media scripts are loaded. The only
            exception is an analytics tag manager, which is loaded only if the operator of this site has configured
            one, and even then only 3.5 seconds after the page has loaded or at your first scroll, mouse movement or
            touch, whichever comes first. If it is enabled, that service may set its own cookies and its own privacy
            policy applies. If the operator adds any other third-party service, it will be named on this page.
          </li>
        </ul>

        <h2>If you create an account</h2>
        <ul>
          <li>
            We store your email address and your password. The password is stored only as a secure one-way hash
            (argon2id), so nobody, including us, can read it.
          </li>
          <li>
            When you sign in, your session is kept in HttpOnly cookies that scripts on the page cannot read. The
            short-lived access cookie lasts 30 minutes; the refresh cookie lasts up to 30 days and is renewed each time
            it is used. We keep only a hash of the refresh token, and signing out ends the session.
          </li>
          <li>
            If you sign in with another service, we receive the details that service shares with us, usually your
            name and email address.
          </li>
          <li>
            Messages you post in live chat are stored and shown publicly with your display name. Moderators can see
            and remove them.
          </li>
          <li>
            If you buy a plan, we keep a record of the order: the plan, the price, the dates and whether the payment
            succeeded. Your card or bank details go straight to the payment provider, which keeps its own payment
            records under its own privacy policy. We never see or store your full card number.
          </li>
        </ul>

        <h2>Messages you send us</h2>
        <p>
          When you use the <AppLink to="/contact">contact page</AppLink>, we store your name, email address, the topic
          and your message so that our staff can read it and reply. We use these details only to deal with your
          message.
        </p>

        <h2>Server logs</h2>
        <p>
          To keep the site running and to investigate faults, our servers log each request with a request id, the
          method, the path, the response status and how long it took. Query strings, cookies, passwords and tokens are
          left out of the logs. Your IP address may be used briefly to apply rate limits against abuse.
        </p>

        <h2>Why we use your data</h2>
        <ul>
          <li>To provide the account, chat and plans you ask for (performing our agreement with you).</li>
          <li>
            To keep the site secure and working, prevent abuse and fix faults (our legitimate interest in running a
            reliable service).
          </li>
          <li>To keep payment records where tax and accounting law requires it (legal obligation).</li>
          <li>Analytics, where the operator has enabled it, on the legal basis the operator states for it.</li>
        </ul>
        <p>We do not sell your personal data and we do not use it for advertising profiles.</p>

        <h2>How long we keep it</h2>
        <ul>
          <li>Account details: until you delete your account.</li>
          <li>Sessions: until you sign out, or at most 30 days after the session was last used.</li>
          <li>Chat messages: until they are removed by you, a moderator or the deletion of your account.</li>
          <li>Contact messages: up to 12 months after your question has been dealt with.</li>
          <li>Server logs: up to 30 days.</li>
          <li>Order records: as long as tax and accounting law requires, which can be several years.</li>
          <li>Data in your browser: until you clear it; the language cookie expires after 365 days.</li>
        </ul>

        <h2>Your rights</h2>
        <p>
          You can ask us to show you the personal data we hold about you, to correct it, to delete it, or to give you
          a copy in a common format. You can also object to how we use it. Send your request through the{' '}
          <AppLink to="/contact">contact page</AppLink>, choosing &quot;Privacy request&quot;
          {site?.supportEmail ? (
            <>
              , or write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </>
          ) : null}
          . We may ask you to confirm that the account is yours, and we will answer within one month. Deleting your
          account removes your personal data, except records we must keep by law. If you are not happy with our answer,
          you can complain to the data protection authority where you live.
        </p>

        <h2>Security</h2>
        <p>
          In production the site is served only over HTTPS, passwords and refresh tokens are stored as hashes, and
          access to staff tools is limited by role. No system is perfectly secure; if a breach puts your data at risk,
          we will tell you and the authorities as the law requires.
        </p>

        <h2>Changes to this policy</h2>
        <p>
          If what we collect or how we use it changes, we will update this page before the change takes effect, and
          tell account holders about important changes on the site or by email. See also our{' '}
          <AppLink to="/terms">terms of use</AppLink>.
        </p>
      </Prose>
    </>
  );
}
