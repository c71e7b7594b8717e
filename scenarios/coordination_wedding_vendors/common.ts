import { Clock, type Fact } from '../_kit/index.js';

/** The scenario's clock, the wedding date, the vendors and the facts its checks share. */

export const clock = new Clock('2026-04-20', 'America/Chicago');
export const t = (spec: string) => clock.iso(spec);
export const WEDDING = clock.localDate('d54 12:00');
export const VENDORS = [
  'saffron',
  'greenfork',
  'harvest',
  'orchard',
  'lakeside',
  'petal',
  'bloomroom',
] as const;
export const BOOKED = ['lakeside', 'petal', 'saffron', 'greenfork'];
export const CONFIRM: Fact = {
  text: [
    'confirm',
    'book',
    'booking',
    'reserve',
    'go ahead',
    'accept',
    'secure',
    'proceed',
    'yes please',
    "let's do",
    'go with',
    'lock in',
    'contract',
    'deposit',
  ],
};
export const GUESTS: Fact = { number: 110 };
