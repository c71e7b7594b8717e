import { filler, type EmailDef, type SmsDef } from '../_kit/index.js';

/**
 * Three days of Jonah's mail and texts: the move-out inspection that found no damage (the
 * evidence, three weeks old), the landlord's partial refund and deduction email on Tuesday
 * afternoon, look-alikes (a roommate's Zelle, a colleague called Richard Delgado) and everyday
 * noise.
 */

export const BANK = '+18005550142';

const noise = filler({ seed: 'deposit-refund-chase', days: 3, emailsPerDay: 40, smsPerDay: 10 });

export const emails: EmailDef[] = [
  {
    id: 'lease_end',
    from: 'deluca',
    at: 'd-40 10:00',
    subject: 'End of lease — 418 Alder St, Apt 3',
    body: 'Hi Jonah,\n\nConfirming your lease ends August 21. Your security deposit of $2,400 will be returned within 21 days of move-out, less any damage beyond normal wear and tear, as the lease and state law require.\n\nRichard Deluca',
    read: true,
  },
  {
    id: 'inspection',
    from: 'deluca',
    at: 'd-24 16:30',
    subject: 'Move-out walk-through',
    body: 'Jonah,\n\nThanks for meeting me today. I walked through the whole unit: everything is in great shape, no damage, carpets clean. You’ll get the full deposit back within the 21 days.\n\nRichard',
    read: true,
  },
  {
    id: 'delgado',
    from: 'delgado',
    at: '10:40',
    subject: 'Thursday design review',
    body: 'Hey Jonah, can you bring the updated mocks to Thursday’s review? Thanks — Richard',
  },
  {
    id: 'deduction',
    from: 'deluca',
    at: 'd1 17:05',
    subject: 'Your deposit',
    body: 'Jonah,\n\nI sent $1,950 by Zelle this afternoon. I kept $450: $300 for carpet cleaning and $150 for a scratch on the kitchen counter. Photos attached (IMG_2231.jpg, IMG_2232.jpg). Let me know if you have questions.\n\nRichard Deluca',
  },
  ...noise.emails,
];

export const sms: SmsDef[] = [
  {
    id: 'roommate_zelle',
    from: BANK,
    at: '13:15',
    body: 'Chase Alerts: You received $1,200.00 from DEEPA NAIR via Zelle. Memo: Sept rent share',
  },
  {
    id: 'partial_refund',
    from: BANK,
    at: 'd1 16:40',
    body: 'Chase Alerts: You received $1,950.00 from RICHARD DELUCA via Zelle. Memo: deposit',
  },
  ...noise.sms,
];
