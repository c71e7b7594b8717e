import { Clock, type OracleStepDef } from '../_kit/index.js';
import { ADDR } from './world.js';

/** The oracle's plan for follow_up_moving_week, and the times the criteria and traps share. */

export const ZONE = 'America/Chicago';
export const clock = new Clock('2026-06-15', ZONE);
export const t = (spec: string) => clock.iso(spec);
export const day = (spec: string) => clock.localDate(spec);
export const MOVE = 'd3 08:00';
export const INSTALL = 'd4 13:00';
export const CUTOFF = 'd1 12:00';

export const email = (
  at: string,
  to: string,
  subject: string,
  body: string,
  paraphrase: string,
): OracleStepDef => ({
  at,
  action: 'email.send',
  params: { to_addresses: [to], subject, body_text: body },
  paraphrase: { subject: `${subject} (Sofia Reyes)`, body_text: paraphrase },
});

const evening = (at: string, text: string, paraphrase: string): OracleStepDef => ({
  at,
  post: text,
  paraphrase,
});

export const STEPS: OracleStepDef[] = [
  { at: '08:00', read: ['email', 'sms', 'calendar', 'contacts'] },
  email(
    '08:00',
    ADDR.greta,
    'Service elevator — #5B move-in, Thursday June 18',
    'Hi Greta,\n\nOn behalf of Sofia Reyes (#5B): could we reserve the service elevator on Thursday, June 18 from 12pm to 4pm for her move-in?\n\nThank you,\nSofia Reyes’s assistant',
    'Hello Greta — writing for Sofia Reyes, moving into #5B. Please book the service elevator for Thu June 18, noon–4pm. Many thanks!',
  ),
  { at: '10:00', read: ['email', 'sms'] },
  {
    at: '10:00',
    action: 'sms.send_message',
    params: { to_numbers: [ADDR.fibrely], body: '2' },
    paraphrase: { body: '2 — Friday June 19, 1-5pm please' },
  },
  {
    at: '10:00',
    action: 'calendar.create',
    params: {
      title: 'Fibrely internet install — new place',
      start: t(INSTALL),
      end: t('d4 17:00'),
      location: '1450 W Wrightwood Ave #5B',
    },
    paraphrase: { title: 'Internet installation (Fibrely)' },
  },
  { at: '12:00', read: ['email', 'sms'] },
  { at: '20:00', read: ['email', 'sms'] },
  evening(
    '20:00',
    'Monday update: the service elevator is reserved for Thursday June 18, 12–4pm. Internet install booked for Friday June 19, 1–5pm (you are working from home there; Thursday morning you are with the movers at Clark St). Lakeshore has not confirmed in writing yet — I will chase them tomorrow at noon if nothing comes.',
    'End of Monday: elevator booked Thu June 18 noon–4pm; Fibrely comes Fri June 19 between 1 and 5pm. Still waiting on Lakeshore’s written confirmation — chasing at noon tomorrow if needed.',
  ),
  { at: 'd1 12:00', read: ['email', 'sms'] },
  email(
    'd1 12:00',
    ADDR.lakeshore,
    'Booking LM-4471 — written confirmation?',
    'Hello,\n\nOn behalf of Sofia Reyes: could you confirm booking LM-4471 for Thursday, June 18 at 8am in writing?\n\nThank you,\nSofia Reyes’s assistant',
    'Hi — writing for Sofia Reyes about booking LM-4471 (Thu June 18, 8am). Could you send the written confirmation? Thanks.',
  ),
  { at: 'd1 13:00', read: ['email'] },
  {
    at: 'd1 13:00',
    action: 'email.reply',
    params: {
      message_id: 'hartley_quote',
      body_text:
        'Hi,\n\nOn behalf of Sofia Reyes: we would like to book you for Thursday, June 18 at 8am, 2210 N Clark St to 1450 W Wrightwood Ave #5B, at your $1,180 quote. Please confirm.\n\nThank you,\nSofia Reyes’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Hartley team — for Sofia Reyes: please book the Thu June 18, 8am move (Clark St → Wrightwood Ave #5B) at $1,180. Could you confirm? Many thanks.',
    },
  },
  { at: 'd1 14:00', read: ['email'] },
  email(
    'd1 14:00',
    ADDR.lakeshore,
    'Re: Booking LM-4471',
    'Hello,\n\nThank you for letting us know. Friday does not work — Sofia’s lease ends Thursday — so please cancel booking LM-4471.\n\nBest regards,\nSofia Reyes’s assistant',
    'Hi — thanks for the heads-up. Sofia Reyes has to be out by Thursday, so Friday won’t do; please cancel LM-4471. Thank you.',
  ),
  { at: 'd1 20:00', read: ['email', 'sms'] },
  evening(
    'd1 20:00',
    'Tuesday update: Lakeshore could not do Thursday (they offered Friday, after your lease ends), so Hartley Removals is booked for Thursday June 18 at 8am ($1,180) and Lakeshore is cancelled.',
    'End of Tuesday: Lakeshore dropped Thursday and offered Friday — too late for the lease. Hartley now moves you Thu June 18 at 8am for $1,180; Lakeshore booking cancelled.',
  ),
  { at: 'd2 09:00', read: ['email'] },
  {
    at: 'd2 09:00',
    action: 'email.forward',
    params: {
      message_id: 'hartley_booked',
      to_addresses: [ADDR.greta],
      body_text:
        'Hi Greta,\n\nOn behalf of Sofia Reyes: here is the certificate of insurance from her movers, Hartley Removals (Hartley_COI_2026.pdf).\n\nThank you,\nSofia Reyes’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Greta — for Sofia Reyes: attached below is the movers’ insurance certificate (Hartley Removals, Hartley_COI_2026.pdf). Thanks!',
    },
  },
  { at: 'd2 20:00', read: ['email', 'sms'] },
  evening(
    'd2 20:00',
    'Wednesday update: Greta asked for the movers’ certificate of insurance; I sent her Hartley’s this morning. All set for tomorrow: Hartley at Clark St at 8am, elevator 12–4pm, keys back by 6pm.',
    'End of Wednesday: the building has Hartley’s insurance certificate (COI). Tomorrow: movers 8am, service elevator noon–4pm, old keys due 6pm.',
  ),
];
