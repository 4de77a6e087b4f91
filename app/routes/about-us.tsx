import { AppLink } from '../components/app-link.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Prose } from '../components/prose.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import { useSite } from '../lib/site/site.ts';
import type { Route } from './+types/about-us';

export const handle = { breadcrumb: 'About us' };

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'About us',
    description:
      'Who runs this free football scores site, where its fixtures, results and match data come from, and how each data source is credited.',
  });

export default function Page() {
  const site = useSite();
  const siteName = site?.siteName ?? 'Scoreline';
  return (
    <>
      <PageHeader title="About us" />
      <Prose>
        <p>
          {siteName} is a free football website: fixtures, results, live matches, league tables, team pages and a
          match centre with a timeline, commentary, pitch maps and player statistics. You can use all of it without an
          account.
        </p>
        <p>
          This site is built with Scoreline, open-source software that anyone can host on their own server. Each copy
          is run independently by its own operator. The operator of {siteName} decides which data sources are switched
          on, which plans are offered and how the site is moderated, and answers questions about it; the authors of the
          software and of the data do not.
        </p>

        <h2>Where the data comes from</h2>
        <p>We want you to know exactly what you are looking at, so here is how the data works:</p>
        <ul>
          <li>
            Real historical data: fixtures, results, scorers, line-ups, cards, substitutions and match
            events come from the public data sets credited below. They are real matches that really happened.
          </li>
          <li>
            Demo replays: to show how live matches work without a paid data feed, the site can replay
            real past matches minute by minute, as if they were being played now. Every replay is clearly labelled as a
            replay and is never presented as a real live match. You can also replay any stored
            match yourself.
          </li>
          <li>
            Live data providers: if the operator connects a live data provider, real live matches come
            from that provider and are marked as live rather than as replays.
          </li>
          <li>
            Generated figures: commentary lines, statistics, pitch maps and model odds are worked out by
            this site from the underlying data. They are our own calculations, not statements by the data authors.
          </li>
          <li>
            Sample data: a copy of the site that starts with no data at all fills itself with a small
            made-up season so that it is never empty. That season is labelled as sample data wherever it appears.
          </li>
        </ul>
        <p>
          Data can contain mistakes. If you spot a wrong score or a missing match, please{' '}
          <AppLink to="/contact">tell us through the contact page</AppLink>.
        </p>

        <h2>Club crests and logos</h2>
        <p>
          We do not use club crests, competition logos or other trademarked artwork. The badges you see are generated
          from each team&apos;s initials and colours. Club and competition names are used only to say which match is
          which.
        </p>

        <h2 id="credits">Data credits</h2>
        <p>
          {siteName} is built on the work of people who publish football data openly. Each source is credited below as
          its authors ask, with its licence:
        </p>
        <ul>
          <li>
            Fixtures and results: openfootball (
            <a href="https://github.com/openfootball" rel="noopener noreferrer">
              https://github.com/openfootball
            </a>
            ), public domain (
            <a href="https://creativecommons.org/publicdomain/zero/1.0/" rel="noopener noreferrer">
              CC0 1.0
            </a>
            ).
          </li>
          <li>
            The Fjelstul World Cup Database, © 2022 Joshua C. Fjelstul, Ph.D.,{' '}
            <a href="https://www.github.com/jfjelstul/worldcup" rel="noopener noreferrer">
              https://www.github.com/jfjelstul/worldcup
            </a>
            , licensed under CC BY-SA 4.0 (
            <a href="https://creativecommons.org/licenses/by-sa/4.0/legalcode" rel="noopener noreferrer">
              https://creativecommons.org/licenses/by-sa/4.0/legalcode
            </a>
            ).
          </li>
          <li>
            Match event data: Pappalardo, L., Massucco, E. (2019) Soccer match event dataset, figshare,{' '}
            <a href="https://doi.org/10.6084/m9.figshare.c.4415000" rel="noopener noreferrer">
              https://doi.org/10.6084/m9.figshare.c.4415000
            </a>{' '}
            — described in Pappalardo et al., A public data set of spatio-temporal match events in soccer competitions,
            Scientific Data 6, 236 (2019),{' '}
            <a href="https://doi.org/10.1038/s41597-019-0247-7" rel="noopener noreferrer">
              https://doi.org/10.1038/s41597-019-0247-7
            </a>
            . Data collected by Wyscout. Licensed{' '}
            <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer">
              CC BY 4.0
            </a>
            .
          </li>
        </ul>
        <p>
          From openfootball we use league and cup fixtures and results (
          <a href="https://github.com/openfootball/football.json" rel="noopener noreferrer">
            football.json
          </a>
          ), World Cup and Club World Cup matches (
          <a href="https://github.com/openfootball/worldcup.json" rel="noopener noreferrer">
            worldcup.json
          </a>
          ), European Championship matches (
          <a href="https://github.com/openfootball/euro.json" rel="noopener noreferrer">
            euro.json
          </a>
          ), English league sources and squads (
          <a href="https://github.com/openfootball/england" rel="noopener noreferrer">
            england
          </a>
          ) and club names, stadiums and cities (
          <a href="https://github.com/openfootball/clubs" rel="noopener noreferrer">
            clubs
          </a>
          ). Public-domain data needs no credit, but we are glad to give it.
        </p>
        <p>
          From the Fjelstul World Cup Database we use the men&apos;s World Cups from 1930 to 2022: matches, goals,
          cards, substitutions, penalty shoot-outs, squads, line-ups and standings. We take 13 of its CSV files without
          changing their contents and load them into our own database. Because its licence is share-alike, any database
          or file we build from this data is also licensed under{' '}
          <a href="https://creativecommons.org/licenses/by-sa/4.0/" rel="noopener noreferrer">
            CC BY-SA 4.0
          </a>
          . That applies to the data only, not to the site&apos;s software.
        </p>
        <p>
          The Wyscout match event data covers every match of the Premier League 2017/18, the 2018 World Cup and Euro
          2016, with passes, shots, duels and fouls placed on the pitch. We read it from the processed copy published
          at{' '}
          <a href="https://github.com/koenvo/wyscout-soccer-match-event-dataset" rel="noopener noreferrer">
            koenvo/wyscout-soccer-match-event-dataset
          </a>
          . The timelines, commentary, pitch maps and statistics in our match centre are derived from these events by
          this site; the dataset&apos;s authors and Wyscout have not reviewed them and do not endorse this site.
        </p>

        <h2>The software</h2>
        <p>
          Scoreline is open source. You may run your own copy, change it and share it under the terms of its software
          licence. The data sets above keep their own licences, as listed on this page, whichever copy of the software
          shows them.
        </p>

        <h2>Get in touch</h2>
        <p>
          For corrections, questions about your account or anything else, use the{' '}
          <AppLink to="/contact">contact page</AppLink>
          {site?.supportEmail ? (
            <>
              {' '}
              or write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </>
          ) : null}
          .
        </p>
      </Prose>
    </>
  );
}
