/** The public-stats feature's front door: its answer's shape. It has no events and reads analytics' totals. */
export type { PublicStats } from './public-stats.answers';
