import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadCounter, isReadCall } from '../../../src/green/assessment/index.js';
import { startPurpleUes, type PurpleUes } from '../../support/ues.js';

describe('ReadCounter', () => {
  let ues: PurpleUes;
  beforeEach(async () => {
    ues = await startPurpleUes();
  });
  afterEach(() => ues.close());

  it('classifies state, query and clock reads', () => {
    expect(isReadCall({ method: 'GET', path: '/email/state' })).toBe(true);
    expect(isReadCall({ method: 'POST', path: '/calendar/query' })).toBe(true);
    expect(isReadCall({ method: 'GET', path: '/simulator/time' })).toBe(true);
    expect(isReadCall({ method: 'POST', path: '/email/send' })).toBe(false);
    expect(isReadCall({ method: 'POST', path: '/email/state' })).toBe(false);
    expect(isReadCall({ method: 'POST', path: '/simulator/time/advance' })).toBe(false);
  });

  it('counts the purple’s reads per collection from the access log, not its writes or others’ reads', async () => {
    const counter = new ReadCounter(ues.admin, ues.purpleKeyId);
    expect(await counter.collect()).toBe(0);

    await ues.purple.email.state();
    await ues.purple.email.query({ is_read: false });
    await ues.purple.time.get();
    await ues.purple.chat.state();
    await ues.purple.chat.send({ role: 'assistant', content: 'hi' });
    await ues.admin.email.state();
    expect(await counter.collect()).toBe(4);
    expect(await counter.collect()).toBe(0);

    await ues.purple.calendar.state();
    await ues.purple.sms.query({});
    expect(await counter.collect()).toBe(2);
    expect(counter.totalReads).toBe(6);
  });
});
