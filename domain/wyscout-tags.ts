// Wyscout v2 event tags, as data (issue #3): the public soccer-logs shipped in
// `${DATA_DIR}/wyscout` (Pappalardo et al. 2019) mark every event with these ids.
// Meanings from the Wyscout API v2 documentation (events → tags) and the
// tag-name table published with the data set (figshare, "Mapping of tag
// identifiers to tag names"); see ../shared/data/wyscout/NOTICE.md.

export interface WyscoutTag {
  id: number;
  /** Short machine-friendly name. */
  label: string;
  /** What the tag says about the event, in plain words. */
  description: string;
}

/** The tag ids the importer and the match centre rely on, by name. */
export const WYSCOUT_TAG = {
  goal: 101,
  ownGoal: 102,
  opportunity: 201,
  assist: 301,
  keyPass: 302,
  leftFoot: 401,
  rightFoot: 402,
  headOrBody: 403,
  freeSpaceRight: 501,
  freeSpaceLeft: 502,
  takeOnLeft: 503,
  takeOnRight: 504,
  anticipated: 601,
  anticipation: 602,
  /** Duels: the player lost, drew or won the duel. */
  lost: 701,
  neutral: 702,
  won: 703,
  high: 801,
  low: 802,
  through: 901,
  fairPlay: 1001,
  direct: 1101,
  indirect: 1102,
  feint: 1301,
  missedBall: 1302,
  interception: 1401,
  clearance: 1501,
  slidingTackle: 1601,
  redCard: 1701,
  yellowCard: 1702,
  secondYellowCard: 1703,
  accurate: 1801,
  notAccurate: 1802,
  counterAttack: 1901,
  dangerousBallLost: 2001,
  blocked: 2101,
} as const;

export type WyscoutTagName = keyof typeof WYSCOUT_TAG;

const GOAL_MOUTH_ZONES: ReadonlyArray<readonly [number, string, string]> = [
  [1201, 'goal_low_center', 'Goal mouth: low centre'],
  [1202, 'goal_low_right', 'Goal mouth: low right'],
  [1203, 'goal_center', 'Goal mouth: centre'],
  [1204, 'goal_center_left', 'Goal mouth: centre left'],
  [1205, 'goal_low_left', 'Goal mouth: low left'],
  [1206, 'goal_center_right', 'Goal mouth: centre right'],
  [1207, 'goal_high_center', 'Goal mouth: high centre'],
  [1208, 'goal_high_left', 'Goal mouth: high left'],
  [1209, 'goal_high_right', 'Goal mouth: high right'],
  [1210, 'out_low_right', 'Off target: low right'],
  [1211, 'out_center_left', 'Off target: centre left'],
  [1212, 'out_low_left', 'Off target: low left'],
  [1213, 'out_center_right', 'Off target: centre right'],
  [1214, 'out_high_center', 'Off target: high centre'],
  [1215, 'out_high_left', 'Off target: high left'],
  [1216, 'out_high_right', 'Off target: high right'],
  [1217, 'post_low_right', 'Post: low right'],
  [1218, 'post_center_left', 'Post: centre left'],
  [1219, 'post_low_left', 'Post: low left'],
  [1220, 'post_center_right', 'Post: centre right'],
  [1221, 'post_high_center', 'Post: high centre'],
  [1222, 'post_high_left', 'Post: high left'],
  [1223, 'post_high_right', 'Post: high right'],
];

/** Every Wyscout v2 tag id with its meaning. */
export const WYSCOUT_TAGS: readonly WyscoutTag[] = [
  { id: 101, label: 'goal', description: 'Goal' },
  { id: 102, label: 'own_goal', description: 'Own goal' },
  { id: 201, label: 'opportunity', description: 'Opportunity (a chance)' },
  { id: 301, label: 'assist', description: 'Assist' },
  { id: 302, label: 'key_pass', description: 'Key pass' },
  { id: 401, label: 'left_foot', description: 'Left foot' },
  { id: 402, label: 'right_foot', description: 'Right foot' },
  { id: 403, label: 'head_body', description: 'Head or body' },
  { id: 501, label: 'free_space_right', description: 'Free space on the right' },
  { id: 502, label: 'free_space_left', description: 'Free space on the left' },
  { id: 503, label: 'take_on_left', description: 'Take-on to the left' },
  { id: 504, label: 'take_on_right', description: 'Take-on to the right' },
  { id: 601, label: 'anticipated', description: 'Anticipated (by an opponent)' },
  { id: 602, label: 'anticipation', description: 'Anticipation (of an opponent)' },
  { id: 701, label: 'lost', description: 'Duel lost' },
  { id: 702, label: 'neutral', description: 'Duel neutral' },
  { id: 703, label: 'won', description: 'Duel won' },
  { id: 801, label: 'high', description: 'High' },
  { id: 802, label: 'low', description: 'Low' },
  { id: 901, label: 'through', description: 'Through ball' },
  { id: 1001, label: 'fair_play', description: 'Fair play' },
  { id: 1101, label: 'direct', description: 'Direct' },
  { id: 1102, label: 'indirect', description: 'Indirect' },
  ...GOAL_MOUTH_ZONES.map(([id, label, description]) => ({ id, label, description })),
  { id: 1301, label: 'feint', description: 'Feint' },
  { id: 1302, label: 'missed_ball', description: 'Missed ball' },
  { id: 1401, label: 'interception', description: 'Interception' },
  { id: 1501, label: 'clearance', description: 'Clearance' },
  { id: 1601, label: 'sliding_tackle', description: 'Sliding tackle' },
  { id: 1701, label: 'red_card', description: 'Red card' },
  { id: 1702, label: 'yellow_card', description: 'Yellow card' },
  { id: 1703, label: 'second_yellow_card', description: 'Second yellow card' },
  { id: 1801, label: 'accurate', description: 'Accurate' },
  { id: 1802, label: 'not_accurate', description: 'Not accurate' },
  { id: 1901, label: 'counter_attack', description: 'Counter-attack' },
  { id: 2001, label: 'dangerous_ball_lost', description: 'Dangerous ball lost' },
  { id: 2101, label: 'blocked', description: 'Blocked' },
];

const TAGS_BY_ID = new Map(WYSCOUT_TAGS.map((tag) => [tag.id, tag]));

export function findWyscoutTag(id: number): WyscoutTag | undefined {
  return TAGS_BY_ID.get(id);
}

/** Goal-mouth placement of a shot (tags 1201–1223), if tagged. */
export function isGoalMouthZone(id: number): boolean {
  return id >= 1201 && id <= 1223;
}

/** The body part a shot or pass was played with, from its tags. */
export function bodyPartOf(tags: readonly number[]): 'left foot' | 'right foot' | 'head/body' | null {
  if (tags.includes(WYSCOUT_TAG.leftFoot)) return 'left foot';
  if (tags.includes(WYSCOUT_TAG.rightFoot)) return 'right foot';
  if (tags.includes(WYSCOUT_TAG.headOrBody)) return 'head/body';
  return null;
}
