// The activity log tells its observers (metrics, traces) of each record as it is pushed, and one that
// throws is logged, not passed on to the request that made the record.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pino from 'pino';
import { createActivityLog, type ActivityLog } from '../../src/activity/activity-log.ts';
import type { ActivityInput } from '../../src/activity/activity-types.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { activityInput } from '../helpers/activity-rows.ts';
import { freshStore, type FreshStore } from '../helpers/engines.ts';

const entry = (requestId: string): ActivityInput => activityInput(0, { requestId });

let fresh: FreshStore;
let store: Store;
let activity: ActivityLog;
const logged: unknown[] = [];

before(async () => {
  fresh = await freshStore('sqlite');
  store = openStore({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  await migrate(store);
  const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  activity = createActivityLog(store, log);
});
after(async () => {
  await activity.drain();
  await store.close();
  await fresh.cleanup();
});

test('observers see each record once, in order; one removed sees no more; one that throws is logged', async () => {
  const seen: string[] = [];
  const other: string[] = [];
  const stop = activity.observe((e) => seen.push(e.requestId));
  activity.observe(() => {
    throw new Error('observer fault');
  });
  activity.observe((e) => other.push(e.requestId));
  activity.record(entry('req_1'));
  activity.record(entry('req_2'));
  stop();
  activity.record(entry('req_3'));
  assert.deepEqual(seen, ['req_1', 'req_2']);
  assert.deepEqual(other, ['req_1', 'req_2', 'req_3'], 'a throwing observer does not stop the next one');
  assert.equal(logged.length, 3);
  assert.match(JSON.stringify(logged[0]), /an activity observer failed/);
  await activity.drain();
  const rows = await store.db.selectFrom('activity').select('request_id').orderBy('seq').execute();
  assert.deepEqual(
    rows.map((r) => r.request_id),
    ['req_1', 'req_2', 'req_3'],
    'every record is written whatever its observers did',
  );
});
