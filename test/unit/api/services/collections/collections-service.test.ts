/**
 * What a collection import sends the views (main/api/services/collections/collections-service.ts):
 * the saved collections once, as the `collections.changed` event every view takes them from; the
 * call's answer is the new collection's name and notes only (contract/collections.ts,
 * CollectionImportView), so a team's collection of megabytes is not sent and parsed twice.
 */
import { describe, expect, it } from 'vitest';
import { EventHub } from '../../../../../main/api/events';
import { CollectionsService } from '../../../../../main/api/services/collections/collections-service';
import { StorageNotices } from '../../../../../main/api/services/app/stored-files';
import { systemClock } from '../../../../../main/core/clock';
import { requestsOf } from '../../../../../main/core/collections/index';
import { bigPostmanFile } from '../../../../support/big-postman-collection';

describe('a collection import', () => {
  it('sends the collections once, as the event; the answer names what it made', async () => {
    const events = new EventHub();
    const sent: { name: string; payload: unknown }[] = [];
    events.subscribe((name, payload) => sent.push({ name, payload }));
    const service = new CollectionsService(undefined, new StorageNotices(), events, systemClock);
    await service.create('Before');
    sent.length = 0;

    const answer = await service.import({
      format: 'postman',
      text: bigPostmanFile({ requests: 12, folders: 3, name: 'Team' }),
    });

    expect(answer).toEqual({ imported: 'Team', notes: expect.any(Array) });
    expect(sent.map((e) => e.name)).toEqual(['collections.changed']);
    const collections = sent[0]!.payload as Awaited<ReturnType<CollectionsService['list']>>;
    expect(collections.map((c) => c.name)).toEqual(['Before', 'Team']);
    expect(requestsOf(collections[1]!)).toHaveLength(12);
    expect(collections).toEqual(await service.list());
  });
});
