import { filler, type ContactDef, type EmailDef, type SmsDef } from '../_kit/index.js';

/**
 * The day's mail and texts: the itinerary, Carmen's Tuesday email with her times (Madrid), the
 * co-parenting rule in an old thread, the look-alikes (Carmen's photos, a colleague who "landed",
 * the dentist's Carmen, a colleague called Patel) and a day of everyday noise.
 */

const noise = filler({ seed: 'homecoming-day', days: 1, emailsPerDay: 30, smsPerDay: 9, hours: [8, 20] });

export const emails: EmailDef[] = [
  {
    id: 'coparent_rule',
    from: 'elena',
    to: ['goran'],
    at: 'd-74 21:10',
    subject: 'Re: co-parenting plan — communication',
    body: 'Goran,\n\nAgreed, and thank you for being reasonable about this. From now on, every email either of us sends to anyone about Mila — school, travel, host family, doctors — copies the other. I’ll make sure my assistant does the same.\n\nElena',
    read: true,
  },
  {
    id: 'itinerary',
    from: 'confirmaciones@iberia-mail.example',
    at: 'd-9 18:02',
    subject: 'Your itinerary — MILA NOVAK — Madrid to New York, June 18',
    body: 'Booking ref. QX7T2M\n\nPassenger: MILA NOVAK\nThursday, June 18 — IB 6251\nDeparts Madrid (MAD) Terminal 4S at 12:40 local time\nArrives New York (JFK) Terminal 8 at 15:10 local time\n\nPlease arrive at the airport three hours before departure.',
    read: true,
  },
  {
    id: 'carmen_tuesday',
    from: 'carmen',
    at: 'd-2 16:45',
    subject: 'Mila — last days and the exit form',
    body: 'Querida Elena,\n\nThese weeks with Mila have been a joy, we will miss her so much! About Thursday: I take her to Barajas in the morning before my shift. I will get the school to stamp her exit form and I email it to you signed by 6 in the evening on Thursday. My shift at the hospital ends at 7 and I am home by 7:30 in the evening — after that I am free to talk, it would be lovely to see your face!\n\nUn abrazo,\nCarmen',
    read: true,
  },
  {
    id: 'patel_reminder',
    from: 'patel',
    at: 'd-3 09:30',
    subject: 'Exchange programme — exit form due Monday',
    body: 'Dear Ms Novak,\n\nA reminder that Mila’s signed exit form from her host family must reach me by Monday, June 22, for her credits to transfer. A scan by email is fine.\n\nBest regards,\nAnjali Patel\nExchange Coordinator, Prospect Heights High School',
    read: true,
  },
  {
    id: 'carmen_photos',
    from: 'carmen',
    at: '10:20',
    subject: 'Fotos de la despedida 📸',
    body: 'Elena! Some photos from Mila’s farewell dinner last night — the whole family came. Attached: despedida_1.jpg, despedida_2.jpg, despedida_3.jpg. She is on the plane now, we are already missing her.\n\nCarmen',
  },
  {
    id: 'priya_deck',
    from: 'priya',
    at: '11:05',
    subject: 'Deck for Monday',
    body: 'Hi Elena, I dropped the Q3 deck in the shared folder — no rush, just have a look before Monday’s review. Priya',
  },
  ...noise.emails,
];

export const sms: SmsDef[] = [
  {
    id: 'iberia_delay',
    from: '+34910000651',
    at: '10:55',
    body: 'IBERIA: IB6251 MAD-JFK of 18JUN is delayed. New estimated arrival at JFK: 16:25. We apologise for the inconvenience.',
  },
  {
    id: 'milan_landed',
    from: 'milan',
    at: '14:44',
    body: 'Landed at O’Hare 🙌 see you at the offsite tomorrow, save me a coffee',
  },
  {
    id: 'mila_descent',
    from: 'mila',
    at: '16:08',
    body: 'starting the descent!! wifi about to die, see you soon mama ❤️',
  },
  {
    id: 'mila_landed',
    from: 'mila',
    at: '16:37',
    body: 'LANDED 🛬 in the line for passport control now',
  },
  ...noise.sms,
];

/** Address-book entries beyond the scenario's people: the look-alike Carmen at the dentist. */
export const contacts: ContactDef[] = [
  {
    id: 'dentist_carmen',
    first_name: 'Carmen',
    last_name: 'Ruiz',
    email: 'carmen@parkslopedental.example',
    phone: '+17185550190',
    company: 'Park Slope Dental',
    job_title: 'Front desk',
  },
];
