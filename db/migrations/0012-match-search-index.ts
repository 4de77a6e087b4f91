// Real matches newest first, fast (issue #20's match search). SQLite picked the
// index on replay_of_match_id for "replay_of_match_id IS NULL" — an equality it
// guesses is selective, which holds for nearly every row — and sorted the whole
// table for each page: 300 ms for a page of 50 among 300,000 matches. The index
// is only ever needed to find the replays of a match (replay_of_match_id = ?), so
// it becomes partial, over replays alone: lookups of replays still use it, and
// lists of real matches walk the kick-off index and stop at the page's end
// (bench/cms-matches.bench.ts).
import type { ScorelineMigration } from './helpers.ts';

export const matchSearchIndexMigration: ScorelineMigration = {
  name: '0012-match-search-index',
  async up(db) {
    await db.schema.dropIndex('match_replay_of').execute();
    await db.schema
      .createIndex('match_replay_of')
      .on('match')
      .column('replay_of_match_id')
      .where('replay_of_match_id', 'is not', null)
      .execute();
  },
};
