// How a log's reader picks the plan for a time range's first page (event-log.ts, rangePlan): the seq
// walk passes what lies beyond the range on its side, reading the range costs the range. A pure
// function, so no store; that both plans read the same pages is in activity-store.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rangePlan, type LogPlan } from '../../src/store/event-log.ts';

test('rangePlan: the walk passes what lies beyond the range on its side; reading the range costs the range', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-11-28T03:00:00Z');
  const oldest = now - 88 * DAY;
  const ago = (days: number) => now - days * DAY;
  const cases: Array<[Parameters<typeof rangePlan>, LogPlan, string]> = [
    [['desc', ago(45), ago(44), now, oldest], 'range', 'a day 45 days back, newest first: 44 days pass'],
    [['asc', ago(45), ago(44), now, oldest], 'range', 'oldest first: 43 days pass'],
    [['desc', ago(1), undefined, now, oldest], 'walk', 'a range ending now, newest first'],
    [['desc', ago(1), ago(0), now, oldest], 'walk', 'until now'],
    [['desc', ago(30), ago(1), now, oldest], 'walk', 'a day passes before 29 of range'],
    [['asc', ago(1), undefined, now, oldest], 'range', 'since a day ago, oldest first: 87 days pass'],
    [['asc', ago(80), undefined, now, oldest], 'walk', '8 days pass before 80 of range'],
    [['asc', ago(100), ago(50), now, oldest], 'walk', 'since before the oldest row: nothing passes'],
    [['asc', undefined, ago(1), now, oldest], 'walk', 'until alone, oldest first'],
    [['desc', undefined, ago(60), now, oldest], 'range', 'until alone, newest first: 60 days pass, 28 read'],
    [['desc', undefined, ago(20), now, oldest], 'walk', '20 days pass, 68 read'],
    [['desc', ago(10), ago(20), now, oldest], 'range', 'an empty range: nothing to read'],
    [['desc', now + DAY, undefined, now, oldest], 'range', 'since after now'],
    [['asc', ago(100), ago(90), now, oldest], 'range', 'a range wholly before the oldest row'],
    [['desc', undefined, undefined, now, oldest], 'walk', 'no range'],
    [['desc', ago(45), ago(44), now, null], 'walk', 'an empty log'],
  ];
  for (const [args, expected, why] of cases) assert.equal(rangePlan(...args), expected, why);
});
