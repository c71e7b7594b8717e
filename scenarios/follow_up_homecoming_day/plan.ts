import { Clock, type Fact, type OracleStepDef, type PersonDef, type UserDef } from '../_kit/index.js';

/** The scenario's clock, people and the oracle's plan (build.ts assembles the definition). */

export const ZONE = 'America/New_York';
export const clock = new Clock('2026-06-18', ZONE);
export const t = (spec: string) => clock.iso(spec);
export const LANDED = '16:37';
export const CARMEN_EMAIL = 'carmen.ruizmorales@correo-madrid.example';
export const GORAN_EMAIL = 'goran.novak@northmail.example';
export const PATEL_EMAIL = 'apatel@prospectheights-hs.example';
export const WALTER_PHONE = '+17185550144';

export const FORM: Fact = { text: ['exit form', 'form', 'paperwork', 'signed form', 'document'] };
export const CALL: Fact = { text: ['call', 'video', 'facetime', 'ring', 'talk', 'speak'] };

export const elena: UserDef = {
  id: 'elena',
  name: 'Elena Novak',
  email: 'elena.novak@harborline.example',
  phone: '+17185550100',
  personality: 'Product director in Brooklyn; warm, practical, in meetings all day.',
  gender: 'f',
  about: 'The user: her daughter Mila flies home from a term in Madrid today.',
};

export const people: Record<string, PersonDef> = {
  mila: {
    name: 'Mila Novak',
    phone: '+17185550155',
    personality: 'Seventeen; texts in capitals and emoji.',
    instructions: 'Do not respond on your own; your texts are scripted.',
    gender: 'f',
    roles: ['daughter'],
    contact: { notes: 'Daughter', favorite: true, groups: ['family'] },
    about: 'Elena’s daughter; texts “starting the descent” at 16:08 and “LANDED” at 16:37.',
  },
  walter: {
    name: 'Walter Brooks',
    phone: WALTER_PHONE,
    personality: 'Elena’s father; retired, punctual, drives.',
    gender: 'm',
    roles: ['dad', 'father', 'grandpa'],
    contact: { notes: 'Dad — picks Mila up at JFK (45 min drive)', favorite: true, groups: ['family'] },
    about: 'Elena’s father; drives to JFK once told Mila has landed.',
  },
  goran: {
    name: 'Goran Novak',
    email: GORAN_EMAIL,
    phone: '+17185550166',
    personality: 'Mila’s father, Elena’s ex-husband; civil and brief.',
    gender: 'm',
    roles: ['Mila’s dad'],
    contact: { notes: 'Mila’s father', groups: ['family'] },
    about: 'Mila’s father; by a standing agreement, copied on every email about Mila.',
  },
  carmen: {
    name: 'Carmen Ruiz Morales',
    email: CARMEN_EMAIL,
    personality: 'Host mother in Madrid; affectionate, mixes in Spanish, a hospital nurse.',
    instructions: 'Do not respond on your own; your replies are scripted.',
    gender: 'f',
    roles: ['host mother', 'host mum'],
    contact: { notes: 'Mila’s host mother in Madrid', groups: ['Madrid exchange'] },
    about: 'Host mother in Madrid (six hours ahead); owes the signed exit form.',
  },
  patel: {
    name: 'Anjali Patel',
    email: PATEL_EMAIL,
    personality: 'Exchange coordinator at Mila’s school; formal.',
    gender: 'f',
    roles: ['exchange coordinator'],
    contact: {
      company: 'Prospect Heights High School',
      job_title: 'Exchange Coordinator',
      groups: ['school'],
    },
    about: 'The school’s exchange coordinator; needs the signed exit form by Monday.',
  },
  milan: {
    name: 'Milan Horvat',
    phone: '+17185550177',
    personality: 'Elena’s colleague; breezy.',
    gender: 'm',
    contact: { company: 'Harborline', groups: ['work'] },
    about: 'A colleague whose “Landed at O’Hare” text (14:44) is not Mila’s.',
  },
  priya: {
    name: 'Priya Patel',
    email: 'priya.patel@harborline.example',
    personality: 'Elena’s colleague; friendly.',
    gender: 'f',
    contact: { company: 'Harborline', groups: ['work'] },
    about: 'A colleague — the other Patel in the address book.',
  },
};

export const steps: OracleStepDef[] = [
  { at: '08:00', read: ['email', 'sms', 'calendar', 'contacts'] },
  {
    at: '08:00',
    post: 'On it. Carmen’s times are Madrid times: her 6pm deadline for the form is noon here, and she’s home at 7:30pm her time — 1:30pm here. I’ll chase the form at noon if it hasn’t come (copying Goran, as you two agreed), set up your call with her for 1:30pm, and text your dad when Mila says she’s landed.',
    paraphrase:
      'Will do — Madrid is six hours ahead, so Carmen’s “by 6pm” means 12:00 for us and her 7:30 homecoming means 13:30. Plan: one nudge for the form at 12:00 if needed (Goran cc’d per your agreement), the thank-you call at 13:30 in your calendar, and a text to Grandpa as soon as Mila lands.',
  },
  {
    at: '08:00',
    action: 'calendar.create',
    params: {
      title: 'Video call with Carmen — thank you',
      start: t('13:30'),
      end: t('14:00'),
      timezone: ZONE,
      description: 'Thank Carmen for hosting Mila (19:30 in Madrid, once she is home from her shift).',
      attendees: [{ email: CARMEN_EMAIL }],
    },
    paraphrase: { title: 'Thank-you call: Carmen (Madrid)' },
  },
  { at: '12:00', read: ['email'] },
  {
    at: '12:00',
    action: 'email.send',
    params: {
      to_addresses: [CARMEN_EMAIL],
      cc_addresses: [GORAN_EMAIL],
      subject: 'Mila’s exit form',
      body_text:
        'Hola Carmen,\n\nI’m writing for Elena Novak. Thank you so much for everything you have done for Mila! A gentle reminder about Mila’s signed exit form — could you email it when you have a moment? The school needs it by Monday.\n\nWith warm thanks,\nElena Novak’s assistant',
    },
    paraphrase: {
      body_text:
        'Dear Carmen — on behalf of Elena Novak: just a friendly nudge about the signed exit paperwork for Mila; a scan by email is perfect, the school wants it before Monday. Thank you for looking after her so well!',
    },
  },
  {
    at: '13:20',
    post: 'Reminder: your video call with Carmen is at 1:30pm (7:30pm in Madrid), in 10 minutes — she should be home from her shift by then.',
    paraphrase: 'Ten minutes until you call Carmen to say thanks — 13:30 here, 19:30 for her.',
  },
  { at: '14:00', read: ['email'] },
  {
    at: '14:00',
    action: 'email.forward',
    params: {
      message_id: 'carmen_form',
      to_addresses: [PATEL_EMAIL],
      cc_addresses: [GORAN_EMAIL],
      body_text:
        'Dear Ms Patel,\n\nOn behalf of Elena Novak, here is Mila Novak’s signed exit form from her host family in Madrid, for her credit transfer. Thank you!\n\nKind regards,\nElena Novak’s assistant',
    },
    paraphrase: {
      body_text:
        'Hello Ms Patel — writing for Elena Novak: attached below is the exit form for Mila, signed and stamped by the Madrid host family. Many thanks.',
    },
  },
  { at: '16:45', read: ['sms'] },
  {
    at: '16:45',
    action: 'sms.send_message',
    params: {
      to_numbers: [WALTER_PHONE],
      body: 'Hi Walter, it’s Elena’s assistant: Mila has just landed at JFK (Terminal 8) and is in line for passport control — time to head over. Thank you!',
    },
    paraphrase: {
      body: 'Hello Dad — message from Elena’s assistant: Mila’s flight is on the ground at JFK, she’s going through immigration; pick her up at Terminal 8. Thanks!',
    },
  },
  {
    at: '16:45',
    post: 'Mila landed at JFK at 4:37pm and is in line for passport control; I texted your dad to head to Terminal 8. Carmen’s signed exit form went to Ms Patel at 2pm, with Goran copied.',
    paraphrase:
      'She’s down — Mila’s plane landed (16:37) and Grandpa is on his way to T8. The host family’s signed form was forwarded to the school’s exchange coordinator earlier, Goran in cc.',
  },
];
