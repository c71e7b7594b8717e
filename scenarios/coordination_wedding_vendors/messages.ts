import { filler, type EmailDef, type EventDef, type SmsDef, type TriggerDef } from '../_kit/index.js';

/**
 * Three days of Maya's mail, texts and calendar: the quotes (one in last week's mail), the
 * family's texts, ~160 messages of everyday noise, and the vendors' answers that the assistant's
 * own emails set off (triggers).
 */

const noise = filler({ seed: 'wedding-vendors', days: 3, emailsPerDay: 42, smsPerDay: 12 });

export const emails: EmailDef[] = [
  {
    id: 'saffron_booking',
    from: 'saffron',
    at: 'd-20 15:00',
    subject: 'Booking confirmed — Castellanos–Brandt wedding, June 13',
    body: 'Dear Maya,\n\nThank you for your deposit. Your catering for Saturday, June 13 is confirmed: 110 guests, plated dinner, $8,800 all in. Please send us your final menu choice and guest count by Tuesday, April 21 at 5pm.\n\nWarm regards,\nSaffron Table Catering',
    read: true,
  },
  {
    id: 'harvest_quote',
    from: 'harvest',
    at: 'd-8 10:20',
    subject: 'Catering enquiry — June 13',
    body: 'Hi Maya,\n\nThanks for thinking of us. We could do 110 plated for $8,200, but I’m afraid June 13 is already booked; we have June 14 free if that helps.\n\nHarvest & Co Kitchen',
    read: true,
  },
  {
    id: 'greenfork_quote',
    from: 'greenfork',
    at: 'd-6 16:45',
    subject: 'Your quote — June 13 wedding',
    body: 'Hi Maya,\n\nLovely to talk today. As promised, our quote for Saturday, June 13: 110 guests, plated dinner with two mains, staff and rentals included — $8,600 all in. I know you have a caterer already; if anything changes we can hold the date for you until Wednesday, April 22 at 5pm.\n\nBest,\nJune at Green Fork Catering',
    read: true,
  },
  {
    id: 'orchard_quote',
    from: 'orchard',
    at: '10:15',
    subject: 'The Orchard House — your June 13 quote',
    body: 'Dear Maya,\n\nThank you for visiting! The hall for Saturday, June 13 (4pm–11pm) is $5,400. Please note two mandatory items: the cleaning & security fee ($450) and our in-house table and chair hire ($300) — outside rentals are not permitted. We can hold the date until Tuesday, April 21 at noon.\n\nWarm regards,\nEvents team, The Orchard House',
  },
  {
    id: 'lakeside_quote',
    from: 'lakeside',
    at: 'd1 09:40',
    subject: 'Lakeside Pavilion — June 13 quote',
    body: 'Hello Maya,\n\nThanks for your enquiry. Saturday, June 13 (3pm–11pm) is available: $5,900, all-inclusive — tables, chairs, cleaning and security included, no other fees. We can hold the date until Wednesday, April 22 at noon. Just reply to book.\n\nLakeside Pavilion bookings',
  },
  {
    id: 'petal_quote',
    from: 'petal',
    at: 'd1 15:30',
    subject: 'Flowers for June 13 — quote',
    body: 'Hi Maya!\n\nSo fun meeting you both. For June 13: bridal bouquet, four bridesmaids’ bouquets, ten centrepieces with blush peonies and a full ceremony arch garland — $2,850 all in. Peonies are pricey in June, so if you want to adjust anything, just say; we can hold the date until Wednesday 3pm.\n\nxx Petal & Stem',
  },
  {
    id: 'bloomroom_reply',
    from: 'bloomroom',
    at: 'd1 16:10',
    subject: 'Re: Wedding flowers June 13',
    body: 'Hi Maya,\n\nThank you for asking — unfortunately we are fully booked on June 13.\n\nThe Bloom Room',
  },
  {
    id: 'orchard_nudge',
    from: 'orchard',
    at: 'd1 11:30',
    subject: 'A reminder about your June 13 hold',
    body: 'Dear Maya,\n\nJust a friendly reminder that our hold on Saturday, June 13 ends today at noon. The hall is only $5,400 — a lovely choice; reply to book and we will send the contract.\n\nThe Orchard House',
  },
  ...noise.emails,
];

export const sms: SmsDef[] = [
  {
    id: 'rosa_excited',
    from: 'rosa',
    at: '09:12',
    body: 'Only 8 weeks!!! 💐💍 Did you pick the flowers yet? The Bloom Room did your cousin’s, gorgeous',
  },
  {
    id: 'theo_suit',
    from: 'theo',
    at: '13:40',
    body: 'suit fitting moved to thu, fyi. also my uncle is def not bringing a plus one lol',
  },
  { id: 'theo_dinner', from: 'theo', at: 'd1 18:05', body: 'tacos tonight? home by 7' },
  {
    id: 'rosa_cake',
    from: 'rosa',
    at: 'd2 10:30',
    body: 'Cake tasting Saturday still on? I’ll bring Grandma ❤️',
  },
  ...noise.sms,
];

export const calendar: EventDef[] = [
  { id: 'standup', title: 'Team standup', start: '09:30', end: '09:45' },
  { id: 'design_review', title: 'Design review', start: 'd1 14:00', end: 'd1 15:00' },
  { id: 'cake', title: 'Cake tasting', start: 'sat 11:00', end: 'sat 12:00', location: 'Sugar Loft' },
  { id: 'wedding', title: 'Our wedding 💍', start: 'd54 15:00', end: 'd54 23:00' },
];

export const triggers: TriggerDef[] = [
  {
    id: 'saffron_price_rise',
    description: 'Saffron Table raises the total above the cap three hours after it gets the final menu.',
    when: { action: 'message.out', to: { include: ['saffron'] } },
    after: 'PT3H',
    emails: [
      {
        id: 'saffron_rise',
        from: 'saffron',
        subject: 'Re: June 13 — updated pricing',
        body: 'Dear Maya,\n\nThank you, the menu is noted. I’m sorry to tell you that our supplier costs have risen sharply since we quoted: for 110 guests the total is now $9,650 (previously $8,800). This is the best we can do — we cannot go lower. Please reply by Wednesday, April 22 at noon to keep your date; if it doesn’t work for you we will release the date and refund your deposit in full.\n\nWith apologies,\nSaffron Table Catering',
      },
    ],
  },
  {
    id: 'greenfork_confirms',
    description: 'Green Fork confirms the booking an hour after it is asked.',
    when: { action: 'message.out', to: { include: ['greenfork'] } },
    after: 'PT45M',
    emails: [
      {
        id: 'greenfork_confirmation',
        from: 'greenfork',
        subject: 'Re: June 13 — you’re booked!',
        body: 'Hi Maya,\n\nWonderful news — June 13 is yours: 110 guests, plated, $8,600 all in. Contract and deposit details to follow tomorrow.\n\nJune at Green Fork Catering',
      },
    ],
  },
  {
    id: 'petal_revision',
    description: 'Petal & Stem offers a version within budget when asked to come down.',
    when: {
      action: 'message.out',
      to: { include: ['petal'] },
      text: {
        facts: [
          { amount: 2500 },
          {
            text: [
              'budget',
              'within',
              'lower',
              'reduce',
              'trim',
              'trimmed',
              'cheaper',
              'adjust',
              'swap',
              'scale back',
              'less expensive',
              'come down',
            ],
          },
        ],
        min: 1,
      },
    },
    after: 'PT2H',
    emails: [
      {
        id: 'petal_revised',
        from: 'petal',
        subject: 'Re: Flowers for June 13 — a version that fits',
        body: 'Hi Maya!\n\nTotally understand. Here’s a version that fits: garden roses instead of the peonies (same palette) and a half arch garland instead of the full one — $2,450 all in. Reply to book and I’ll send the contract.\n\nxx Petal & Stem',
      },
    ],
  },
];
