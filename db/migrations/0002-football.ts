// The football data core (issue #3, DESIGN.md §4). One row per real thing;
// external ids of each source live in `source_ref`, which is what makes every
// importer idempotent and lets one source's team meet the same team from another.
import { sql } from 'kysely';
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const footballMigration: ScorelineMigration = {
  name: '0002-football',
  async up(db, engine) {
    const id = idType(engine);
    const ts = timestampType(engine);
    const primary = primaryId(engine);
    const ref = refType(engine);

    await db.schema
      .createTable('sport')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('competition')
      .addColumn('id', id, primary)
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('sport_id', 'text', (col) => col.notNull().references('sport.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('area_code', 'text')
      .addColumn('area_name', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull()) // league | cup
      .addColumn('tier', 'integer')
      .addColumn('rules', 'text', (col) => col.notNull()) // JSON: points and tie-breakers (domain/standings.ts)
      .addColumn('importance', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('season')
      .addColumn('id', id, primary)
      .addColumn('competition_id', ref, (col) => col.notNull().references('competition.id'))
      .addColumn('code', 'text', (col) => col.notNull()) // 2023-24, 2026
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('start_date', 'text')
      .addColumn('end_date', 'text')
      .addColumn('complete', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('synthetic', 'integer', (col) => col.notNull().defaultTo(0))
      .addUniqueConstraint('season_competition_code', ['competition_id', 'code'])
      .execute();

    await db.schema
      .createTable('team')
      .addColumn('id', id, primary)
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('short_name', 'text', (col) => col.notNull())
      .addColumn('code', 'text') // three-letter code where known
      .addColumn('kind', 'text', (col) => col.notNull()) // club | national
      .addColumn('country_code', 'text')
      .addColumn('city', 'text')
      .addColumn('stadium', 'text')
      .addColumn('founded', 'integer')
      .addColumn('colour_primary', 'text', (col) => col.notNull())
      .addColumn('colour_secondary', 'text', (col) => col.notNull())
      .addColumn('search_key', 'text', (col) => col.notNull()) // accent- and case-folded name + aliases
      .execute();

    // Every spelling of a team seen in any source, folded (domain/names.ts), pointing at one team.
    await db.schema
      .createTable('team_alias')
      .addColumn('alias_key', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('alias', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('team_alias_pk', ['alias_key', 'kind'])
      .execute();

    await db.schema
      .createTable('venue')
      .addColumn('id', id, primary)
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('city', 'text')
      .addColumn('country', 'text')
      .addColumn('capacity', 'integer')
      .execute();

    await db.schema
      .createTable('player')
      .addColumn('id', id, primary)
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('short_name', 'text', (col) => col.notNull())
      .addColumn('birth_date', 'text')
      .addColumn('country', 'text')
      .addColumn('position', 'text') // GK | DF | MF | FW
      .execute();

    await db.schema
      .createTable('squad_member')
      .addColumn('season_id', ref, (col) => col.notNull().references('season.id'))
      .addColumn('team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('player_id', ref, (col) => col.notNull().references('player.id'))
      .addColumn('shirt_number', 'integer')
      .addColumn('position', 'text')
      .addPrimaryKeyConstraint('squad_member_pk', ['season_id', 'team_id', 'player_id'])
      .execute();

    await db.schema
      .createTable('match')
      .addColumn('id', id, primary)
      .addColumn('season_id', ref, (col) => col.notNull().references('season.id'))
      .addColumn('stage', 'text') // Regular season, Group stage, Round of 16, Final …
      .addColumn('round', 'text') // Matchday 1 …
      .addColumn('group_name', 'text')
      .addColumn('kickoff_at', ts, (col) => col.notNull()) // UTC
      .addColumn('kickoff_time_known', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('home_team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('away_team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('venue_id', ref, (col) => col.references('venue.id'))
      .addColumn('status', 'text', (col) => col.notNull()) // domain/match-status.ts
      .addColumn('minute', 'integer')
      .addColumn('home_score', 'integer')
      .addColumn('away_score', 'integer')
      .addColumn('home_score_ht', 'integer')
      .addColumn('away_score_ht', 'integer')
      .addColumn('home_score_et', 'integer') // after extra time, when played
      .addColumn('away_score_et', 'integer')
      .addColumn('home_score_pen', 'integer')
      .addColumn('away_score_pen', 'integer')
      .addColumn('has_events', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('match_kickoff').on('match').column('kickoff_at').execute();
    await db.schema.createIndex('match_season').on('match').columns(['season_id', 'kickoff_at']).execute();
    await db.schema.createIndex('match_home').on('match').columns(['home_team_id', 'kickoff_at']).execute();
    await db.schema.createIndex('match_away').on('match').columns(['away_team_id', 'kickoff_at']).execute();

    // Formation and coach per side.
    await db.schema
      .createTable('match_side')
      .addColumn('match_id', ref, (col) => col.notNull().references('match.id'))
      .addColumn('team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('side', 'text', (col) => col.notNull()) // home | away
      .addColumn('formation', 'text')
      .addColumn('coach', 'text')
      .addPrimaryKeyConstraint('match_side_pk', ['match_id', 'side'])
      .execute();

    // Key events: goal, own_goal, penalty_goal, missed_penalty, yellow_card, second_yellow, red_card,
    // substitution, period_start, period_end, shootout_goal, shootout_miss.
    await db.schema
      .createTable('match_event')
      .addColumn('id', id, primary)
      .addColumn('match_id', ref, (col) => col.notNull().references('match.id'))
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('period', 'text', (col) => col.notNull()) // 1H 2H E1 E2 P
      .addColumn('minute', 'integer', (col) => col.notNull())
      .addColumn('added_minute', 'integer')
      .addColumn('second', 'real') // seconds since the period started, where the source has it
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('team_id', ref, (col) => col.references('team.id'))
      .addColumn('player_id', ref, (col) => col.references('player.id'))
      .addColumn('related_player_id', ref, (col) => col.references('player.id')) // assist, or player going off
      .addColumn('detail', 'text')
      .addUniqueConstraint('match_event_seq', ['match_id', 'seq'])
      .execute();

    await db.schema
      .createTable('match_lineup')
      .addColumn('match_id', ref, (col) => col.notNull().references('match.id'))
      .addColumn('team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('player_id', ref, (col) => col.notNull().references('player.id'))
      .addColumn('shirt_number', 'integer')
      .addColumn('position', 'text')
      .addColumn('starter', 'integer', (col) => col.notNull())
      .addColumn('captain', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('match_lineup_pk', ['match_id', 'player_id'])
      .execute();

    // Every on-ball action with pitch coordinates (Wyscout): chalkboard, momentum, replays.
    await db.schema
      .createTable('match_action')
      .addColumn('match_id', ref, (col) => col.notNull().references('match.id'))
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('period', 'text', (col) => col.notNull())
      .addColumn('second', 'real', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('subtype', 'text')
      .addColumn('team_id', ref, (col) => col.references('team.id'))
      .addColumn('player_id', ref, (col) => col.references('player.id'))
      .addColumn('x', 'real')
      .addColumn('y', 'real')
      .addColumn('end_x', 'real')
      .addColumn('end_y', 'real')
      .addColumn('tags', 'text', (col) => col.notNull()) // comma-separated tag ids
      .addPrimaryKeyConstraint('match_action_pk', ['match_id', 'seq'])
      .execute();

    await db.schema
      .createTable('match_team_stats')
      .addColumn('match_id', ref, (col) => col.notNull().references('match.id'))
      .addColumn('team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('shots', 'integer', (col) => col.notNull())
      .addColumn('shots_on_target', 'integer', (col) => col.notNull())
      .addColumn('possession', 'real', (col) => col.notNull()) // share of passes, 0–100
      .addColumn('passes', 'integer', (col) => col.notNull())
      .addColumn('passes_accurate', 'integer', (col) => col.notNull())
      .addColumn('corners', 'integer', (col) => col.notNull())
      .addColumn('fouls', 'integer', (col) => col.notNull())
      .addColumn('offsides', 'integer', (col) => col.notNull())
      .addColumn('yellow_cards', 'integer', (col) => col.notNull())
      .addColumn('red_cards', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('match_team_stats_pk', ['match_id', 'team_id'])
      .execute();

    await db.schema
      .createTable('match_player_stats')
      .addColumn('match_id', ref, (col) => col.notNull().references('match.id'))
      .addColumn('player_id', ref, (col) => col.notNull().references('player.id'))
      .addColumn('team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('minutes', 'integer', (col) => col.notNull())
      .addColumn('goals', 'integer', (col) => col.notNull())
      .addColumn('assists', 'integer', (col) => col.notNull())
      .addColumn('shots', 'integer', (col) => col.notNull())
      .addColumn('shots_on_target', 'integer', (col) => col.notNull())
      .addColumn('passes', 'integer', (col) => col.notNull())
      .addColumn('passes_accurate', 'integer', (col) => col.notNull())
      .addColumn('key_passes', 'integer', (col) => col.notNull())
      .addColumn('duels', 'integer', (col) => col.notNull())
      .addColumn('duels_won', 'integer', (col) => col.notNull())
      .addColumn('fouls', 'integer', (col) => col.notNull())
      .addColumn('yellow_cards', 'integer', (col) => col.notNull())
      .addColumn('red_cards', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('match_player_stats_pk', ['match_id', 'player_id'])
      .execute();

    await db.schema
      .createTable('point_adjustment')
      .addColumn('id', id, primary)
      .addColumn('season_id', ref, (col) => col.notNull().references('season.id'))
      .addColumn('team_id', ref, (col) => col.notNull().references('team.id'))
      .addColumn('points', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('effective_date', 'text') // applied to tables "as of" this date and later
      .addUniqueConstraint('point_adjustment_unique', ['season_id', 'team_id', 'reason'])
      .execute();

    // Which local row an external id became: (source, kind, external id) → local id.
    await db.schema
      .createTable('source_ref')
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('external_id', 'text', (col) => col.notNull())
      .addColumn('local_id', ref, (col) => col.notNull())
      .addPrimaryKeyConstraint('source_ref_pk', ['source', 'kind', 'external_id'])
      .execute();
    await db.schema.createIndex('source_ref_local').on('source_ref').columns(['kind', 'local_id']).execute();

    await db.schema
      .createTable('import_run')
      .addColumn('id', id, primary)
      .addColumn('step', 'text', (col) => col.notNull())
      .addColumn('started_at', ts, (col) => col.notNull())
      .addColumn('finished_at', ts)
      .addColumn('status', 'text', (col) => col.notNull()) // running | succeeded | failed
      .addColumn('summary', 'text')
      .execute();

    await sql`insert into sport (id, name) values ('football-1', 'Football')`.execute(db);
  },
};
