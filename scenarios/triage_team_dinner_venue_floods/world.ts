import { Clock, filler, type PersonDef, type UserDef } from '../_kit/index.js';

/** The people of the team-dinner scenario, its clock and two days of everyday mail. */

export const clock = new Clock('2026-10-14', 'Europe/Stockholm');
export const t = (spec: string) => clock.iso(spec);
export const END = 'd1 18:30';
export const TEAM = 'platform-team@nordvik.example';

export const sofia: UserDef = {
  id: 'sofia',
  name: 'Sofia Lindqvist',
  email: 'sofia.lindqvist@nordvik.example',
  phone: '+46701234500',
  personality: 'Engineering manager; friendly, organised, likes short briefs.',
  gender: 'f',
  about: 'The user: on a leadership course Wednesday and Thursday.',
};

const colleague = (
  name: string,
  email: string,
  gender: 'f' | 'm',
  about: string,
  title: string,
): PersonDef => ({
  name,
  email,
  personality: 'Colleague at Nordvik; brief, friendly emails.',
  gender,
  contact: { company: 'Nordvik', job_title: title },
  about,
});

const venue = (name: string, email: string, about: string): PersonDef => ({
  name,
  email,
  personality: 'Restaurant bookings desk; polite, brief.',
  pinned: true,
  contact: { company: name },
  about,
});

export const people: Record<string, PersonDef> = {
  jonas: colleague(
    'Jonas Berg',
    'jonas.berg@nordvik.example',
    'm',
    'Sofia’s deputy: her note says every team announcement copies him.',
    'Deputy engineering manager',
  ),
  hr: colleague(
    'Elin Sandberg',
    'elin.sandberg@nordvik.example',
    'f',
    'HR: review forms due Friday.',
    'HR partner',
  ),
  finance: colleague(
    'Mats Holm',
    'mats.holm@nordvik.example',
    'm',
    'Finance: a budget line to approve by Friday noon.',
    'Finance controller',
  ),
  recruiting: colleague(
    'Nora Ek',
    'nora.ek@nordvik.example',
    'f',
    'Recruiting: interview feedback wanted by Thursday 12:00.',
    'Recruiter',
  ),
  bistro: venue(
    'Bistro Norr',
    'bokning@bistronorr.example',
    'First choice: confirms, then cancels (a flooded kitchen) once the team has been told.',
  ),
  hamnen: venue(
    'Lilla Hamnen',
    'bord@lillahamnen.example',
    'Second choice in Sofia’s note (560 SEK a head): confirms when asked.',
  ),
  eken: venue(
    'Gastro Eken',
    'boka@gastroeken.example',
    'Third in the note, 750 SEK a head: over Sofia’s limit of 600.',
  ),
};

export const fill = filler({
  seed: 'nordvik-dinner',
  days: 2,
  emailsPerDay: 80,
  smsPerDay: 12,
  from: '08:00',
});
const endMs = clock.ms(END);
export const fillerEmails = fill.emails.filter((email) => clock.ms(email.at) <= endMs);
export const fillerSms = fill.sms.filter((sms) => clock.ms(sms.at) <= endMs);
