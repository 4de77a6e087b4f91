import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Prose } from '../components/prose.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { useSite } from '../lib/site/site.ts';
import type { Route } from './+types/terms';

export const handle = { breadcrumb: 'Terms of use' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Terms of use',
    description:
      'The rules for using this football scores site: accounts, how far you can rely on the data, fair use, paid plans, licences and our liability.',
  });

export default function Page() {
  const site = useSite();
  const siteName = site?.siteName ?? 'Scoreline';
  return (
    <>
      <PageHeader title="Terms of use" />
      <Prose>
        <p>
          These terms apply when you use {siteName}. They explain what you can expect from us and what we ask of you.
          By using the site you accept them; if you do not agree, please do not use it.
        </p>

        <h2>Who we are</h2>
        <p>
          {siteName} is run by the operator of this copy of Scoreline, an open-source football scores website that
          anyone can host. &quot;We&quot; and &quot;us&quot; in these terms mean that operator. The authors of the
          software and of the data sets it shows are not parties to these terms.
        </p>

        <h2>Using the site</h2>
        <ul>
          <li>Scores, fixtures, results, tables and the match centre are free to view without an account.</li>
          <li>
            The site is meant for personal, non-commercial use. Linking to any page is welcome. Ask us before using the
            site or its data as part of a commercial product.
          </li>
          <li>
            We may change, pause or remove features at any time, for example to fix problems or to keep the service
            running for everyone.
          </li>
        </ul>

        <h2>Accounts</h2>
        <p>
          An account is optional. You need one only to use features such as live chat or a paid plan. If you create an
          account:
        </p>
        <ul>
          <li>give a real email address that you can read, so we can reach you about your account;</li>
          <li>keep your password to yourself and tell us straight away if you think someone else has used it;</li>
          <li>you are responsible for what is done through your account.</li>
        </ul>
        <p>
          You can close your account at any time through the <AppLink to="/contact">contact page</AppLink>. We may
          suspend or close an account that breaks these terms; where it is reasonable, we will tell you why first.
        </p>

        <h2>How far you can rely on the data</h2>
        <ul>
          <li>
            Scores, times and match events can be late, incomplete or wrong. They come from third-party data sets and
            providers, and mistakes happen at every step. Always check with an official source when it matters.
          </li>
          <li>
            Demo replays are real past matches played back as if they were live. They are labelled as replays and are
            not live matches.
          </li>
          <li>
            Do not use the site to make betting or other financial decisions. Nothing here is advice of any kind.
          </li>
          <li>
            Odds shown on the site are estimates from a statistical model built on past results. They are not offers,
            we do not take bets, and they may differ a lot from what bookmakers offer.
          </li>
        </ul>
        <p>
          If you find a mistake, please report it through the <AppLink to="/contact">contact page</AppLink> so we can
          fix it.
        </p>

        <h2>Acceptable use</h2>
        <p>Please do not:</p>
        <ul>
          <li>
            scrape, crawl or call the site or its API in a way that slows it down or harms it for others, or get
            around rate limits or access controls;
          </li>
          <li>try to break into accounts, the servers or the parts of the site that are for staff only;</li>
          <li>
            post anything in live chat that is abusive, threatening, hateful, sexually explicit, illegal, spam or
            advertising, or that shares someone else&apos;s personal details;
          </li>
          <li>pretend to be another person, a club or a member of our staff.</li>
        </ul>
        <p>
          Moderators may remove chat messages and mute or ban users who break these rules. Serious or repeated abuse
          can lead to your account being closed.
        </p>

        <h2>Paid plans</h2>
        <p>
          Some features, such as an ad-free site or premium video, may be offered as paid plans. The price, what is
          included and how long the plan lasts are shown on the <AppLink to="/pricing">pricing page</AppLink> before
          you pay. Payments are handled by a payment provider; we do not see or store your full card details. A plan
          runs until the expiry date shown in your account and does not renew unless the pricing page says it does.
          Refunds are covered by our <AppLink to="/policy/refund">refund policy</AppLink>.
        </p>

        <h2>Content and licences</h2>
        <ul>
          <li>
            The football data comes from public data sets that keep their own licences. Their credits and licences are
            listed on the <AppLink to="/about-us#credits">About us page</AppLink>. If you reuse that data, follow
            those licences, including the share-alike terms where they apply.
          </li>
          <li>
            The software that runs this site, Scoreline, is open source. You may run, study, change and share it under
            its software licence.
          </li>
          <li>
            Club and competition names are used only to identify teams and matches. The site does not use club crests
            or logos, and it has no link to any club, league or governing body.
          </li>
          <li>
            Messages you post in live chat remain yours, but you allow us to show them on the site and to keep or
            remove them as part of moderation.
          </li>
        </ul>

        <h2>Our liability</h2>
        <p>
          We provide the site as it is and as it is available. We work to keep it accurate and running, but we cannot
          promise that it will always be available, fast or free of errors. As far as the law allows, we are not
          responsible for any loss that comes from relying on the data, from the site being unavailable, or from
          decisions you make based on it, including bets. If we are found responsible for a loss related to a paid
          plan, our liability is limited to the amount you paid us for that plan.
        </p>
        <p>
          Nothing in these terms removes rights you have under consumer law that cannot be removed by agreement, or
          limits liability that the law does not allow us to limit.
        </p>

        <h2>Changes to these terms</h2>
        <p>
          We may update these terms, for example when features change or the law requires it. The current version is
          always on this page. If a change matters for account holders, we will give notice on the site or by email
          before it takes effect. If you keep using the site after a change, the new terms apply.
        </p>

        <h2>Contact</h2>
        <p>
          Questions about these terms can be sent through the <AppLink to="/contact">contact page</AppLink>
          {site?.supportEmail ? (
            <>
              {' '}
              or to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </>
          ) : null}
          . How we handle personal data is explained in our{' '}
          <AppLink to="/policy/privacy">privacy policy</AppLink>.
        </p>
      </Prose>
    </>
  );
}
