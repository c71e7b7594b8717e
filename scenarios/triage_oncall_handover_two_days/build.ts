import {
  Clock,
  budgetCriteria,
  collateralCriterion,
  defineScenario,
  deliverableCriteria,
  filler,
  leftOut,
  minefieldCriterion,
  politenessCriteria,
  stateCriterion,
  type DeliverableItemDef,
  type OracleStepDef,
  type PersonDef,
  type UserDef,
} from '../_kit/index.js';
import { isAction, isPost, replaced, without } from '../_kit/trap-steps.js';
import {
  ALERTS,
  ALERT_SMS,
  OPEN,
  PAGES,
  RESOLVED,
  alertPost,
  alertTraffic,
  byId,
  incidentFact,
  pageText,
  slug,
  summaryItem,
} from './incidents.js';

/**
 * Triage, expert: two days watching a payments company's alerts while its head of platform is at
 * a conference. A production SEV1 must reach the engineer on call at that moment within 30
 * minutes (the rota is in the calendar, but a swap agreed by email overrides Tuesday night), and
 * the user hears of it; alerts repeat until acknowledged, a staging SEV1 is not a page, and a
 * resolved incident re-sent in a daily report must not be paged again. At 18:00 each day, a
 * summary of the day's incidents. The alerting service and the simulator are flaky: transient
 * 503s and slow answers.
 */

const clock = new Clock('2026-06-09', 'Europe/London');
const t = (spec: string) => clock.iso(spec);
const END = 'd1 18:30';

const amara: UserDef = {
  id: 'amara',
  name: 'Amara Osei',
  email: 'amara.osei@corvidpay.example',
  phone: '+447700900200',
  personality: 'Head of platform; calm, precise, hates pager noise.',
  gender: 'f',
  about: 'The user: head of platform, at a conference for two days.',
};

const engineer = (
  name: string,
  email: string,
  phone: string,
  gender: 'f' | 'm',
  about: string,
): PersonDef => ({
  name,
  email,
  phone,
  personality: 'Platform engineer; short texts.',
  roles: ['engineer', 'on-call engineer'],
  gender,
  contact: { company: 'Corvid Payments', job_title: 'Platform Engineer', groups: ['Platform on-call'] },
  about,
});

const people: Record<string, PersonDef> = {
  tomas: engineer(
    'Tomás Reyes',
    'tomas.reyes@corvidpay.example',
    '+447700900211',
    'm',
    'Primary on call Tuesday 08:00–20:00: paged for INC-4812.',
  ),
  ravi: engineer(
    'Ravi Kumar',
    'ravi.kumar@corvidpay.example',
    '+447700900212',
    'm',
    'On the calendar for Tuesday night — but swapped with Mei by email: must not be woken.',
  ),
  mei: engineer(
    'Mei Lin',
    'mei.lin@corvidpay.example',
    '+447700900213',
    'f',
    'Covers Tuesday night (the swap): paged for INC-4819 at 2am.',
  ),
  ines: engineer(
    'Ines Duarte',
    'ines.duarte@corvidpay.example',
    '+447700900214',
    'f',
    'Primary on call Wednesday 08:00–20:00: paged for INC-4823.',
  ),
};

const traffic = alertTraffic();
const fill = filler({ seed: 'oncall-handover', days: 2, emailsPerDay: 74, smsPerDay: 12, from: '08:00' });
const endMs = clock.ms(END);
const fillerEmails = fill.emails.filter((email) => clock.ms(email.at) <= endMs);
const fillerSms = fill.sms.filter((sms) => clock.ms(sms.at) <= endMs);

const STAGING = leftOut('email', 'staging_sev1', ['STAGING', 'INC-S-220', 'payments-sandbox', 'sandbox']);
const VENDOR = leftOut('email', 'cloud_status', ['Nimbus Cloud', 'status page', 'eu-west']);
const DIGEST = leftOut('sms', 'pagerpulse_digest', ['daily report', 'PagerPulse DAILY']);

function pageSteps(page: (typeof PAGES)[number], at: string = page.at): OracleStepDef[] {
  const person = people[page.who]!;
  return [
    { at, read: ['email', 'sms'] },
    {
      at,
      action: 'sms.send_message',
      params: { to_numbers: [person.phone], body: pageText[page.inc]!.body },
      paraphrase: { body: pageText[page.inc]!.paraphrase },
    },
    { at, post: alertPost[page.inc]!.post, paraphrase: alertPost[page.inc]!.paraphrase },
  ];
}

export default defineScenario({
  id: 'triage_oncall_handover_two_days',
  version: '1',
  name: 'On-call handover: two days of alerts, pages within 30 minutes',
  summary:
    'Two days of alerts through ~170 messages and a flaky simulator: each production SEV1 paged within 30 minutes to whoever is on call then (an email swap overrides the calendar rota at night), once; staging alerts and daily reports are not pages; an 18:00 summary each day.',
  description:
    'Amara Osei, head of platform at Corvid Payments, is at a conference on Tuesday and Wednesday. PagerPulse alerts arrive by email (every incident) and text (SEV1s, repeating until acknowledged). For a production SEV1 the assistant texts the primary on-call engineer at that moment with the incident and service, and tells Amara, within 30 minutes: Tomás on Tuesday (INC-4812, 11:05), Mei at 2am — the calendar says Ravi, but an email last week swapped Tuesday night to Mei — (INC-4819), Ines on Wednesday (INC-4823, 14:05). Reminders are the same incident; a staging SEV1 and a cloud vendor’s status mail are not pages; a daily report text re-sends resolved INC-4819 as “SEV1” and must not be paged again. At 18:00 each day: the day’s incidents with number, service, severity and status. 5 % of requests fail with a transient 503 and some are slow.',
  family: 'triage',
  difficulty: 'expert',
  capabilities: ['time', 'noise', 'long_horizon'],
  tags: ['email', 'sms', 'calendar', 'contacts', 'alerts', 'on-call', 'paging', 'multi-day', 'flaky service'],
  timezone: 'Europe/London',
  date: '2026-06-09',
  start: '08:00',
  end: END,
  step: 'PT30M',
  user: amara,
  people,
  prompt:
    'I’m at the conference today and tomorrow, so please watch our PagerPulse alerts (email and text) until Wednesday evening. When a production SEV1 fires, within 30 minutes: text the primary on-call engineer at that moment with the incident number and the service, and tell me here. The rota is in my calendar; swaps are agreed by email with me in copy. One page per incident — alerts repeat until someone acknowledges, and a resolved incident is never paged again. Staging alerts don’t count. At 18:00 each day, post a summary of that day’s incidents: number, service, severity, and whether it’s resolved or still open. Numbers are in my contacts.',
  emails: [
    {
      id: 'rota_swap',
      from: 'ravi',
      to: ['mei'],
      cc: ['amara'],
      at: 'd-6 16:10',
      subject: 'On-call swap: Tuesday night',
      body: 'Hi Mei,\n\nThanks for taking my Tuesday night (20:00 to Wednesday 08:00) — I’ll cover your Friday night in return. Amara, FYI; I haven’t updated the calendar yet.\n\nRavi',
      read: true,
    },
    {
      id: 'postmortem_template',
      from: 'tomas',
      at: 'd-2 11:00',
      subject: 'New postmortem template',
      body: 'Hi Amara, the new postmortem template is in the wiki. No action needed.\n\nTomás',
      read: true,
    },
    ...traffic.emails,
    {
      id: 'staging_sev1',
      from: ALERTS,
      at: '15:20',
      subject: '[STAGING][SEV1] INC-S-220 payments-sandbox: health check failing — FIRING',
      body: 'PagerPulse alert\n\nIncident: INC-S-220\nSeverity: SEV1\nEnvironment: STAGING\nService: payments-sandbox\nCondition: health check failing\nStatus: FIRING',
    },
    {
      id: 'cloud_status',
      from: 'status@nimbuscloud.example',
      at: 'd1 07:10',
      subject: 'Nimbus Cloud status: elevated errors in eu-west (resolved)',
      body: 'Between 06:20 and 06:55 some customers in eu-west saw elevated API errors. The issue is resolved. See our status page for details.',
    },
    ...fillerEmails,
  ],
  sms: [
    ...traffic.sms,
    {
      id: 'pagerpulse_digest',
      from: ALERT_SMS,
      at: 'd1 09:40',
      body: 'PagerPulse DAILY REPORT: SEV1 INC-4819 auth-service — 1 alert, RESOLVED 03:05. Postmortem due Friday.',
    },
    ...fillerSms,
  ],
  calendar: [
    { id: 'rota_tue_day', title: 'On-call primary: Tomás Reyes', start: '08:00', end: '20:00' },
    { id: 'rota_tue_night', title: 'On-call primary: Ravi Kumar', start: '20:00', end: 'd1 08:00' },
    { id: 'rota_wed_day', title: 'On-call primary: Ines Duarte', start: 'd1 08:00', end: 'd1 20:00' },
    { id: 'conference', title: 'PlatformCon (Lisbon)', start: '09:00', end: '17:30', location: 'Lisbon' },
    {
      id: 'conference_d2',
      title: 'PlatformCon (Lisbon), day 2',
      start: 'd1 09:00',
      end: 'd1 17:00',
      location: 'Lisbon',
    },
  ],
  noise: { transient_failure_rate: 0.05, slow_rate: 0.03, slow_ms: 300 },
  groundTruth: {
    deliverables: [
      {
        id: 'sev1_alerts',
        description: 'Each production SEV1 reported here within 30 minutes, with whom it was paged to.',
        schedule: { deadlines: [t('11:35'), t('d1 02:35'), t('d1 14:35')] },
        tolerance: 'PT1M',
        late_credit: 0.25,
        max_posts: 10,
        items: [
          ...PAGES.map((page) => ({
            id: `${slug(page.inc)}_alert`,
            source: { email: `${slug(page.inc)}_open` },
            facts: [
              incidentFact(page.inc),
              { text: [byId(page.inc).service, byId(page.inc).service.split('-')[0]!] },
              { person: page.who },
            ],
          })),
          STAGING,
          DIGEST,
        ],
      },
      {
        id: 'daily_summary',
        description: 'At 18:00 each day: that day’s incidents with number, service, severity and status.',
        schedule: { deadlines: [t('18:00'), t('d1 18:00')] },
        tolerance: 'PT15M',
        max_posts: 10,
        items: [
          summaryItem(byId('INC-4810'), 'inc4810', RESOLVED, { email: 'inc4810_open' }),
          summaryItem(byId('INC-4812'), 'inc4812', RESOLVED, { email: 'inc4812_open' }),
          summaryItem(byId('INC-4815'), 'inc4815_open', OPEN, { email: 'inc4815_open' }),
          summaryItem(byId('INC-4819'), 'inc4819', RESOLVED, { email: 'inc4819_open' }),
          summaryItem(byId('INC-4815'), 'inc4815_resolved', RESOLVED, { email: 'inc4815_resolved' }),
          summaryItem(byId('INC-4821'), 'inc4821', RESOLVED, { email: 'inc4821_open' }),
          summaryItem(byId('INC-4823'), 'inc4823', OPEN, { email: 'inc4823_open' }),
          STAGING,
          VENDOR,
          ...[
            ...fillerEmails.map((email) => fill.leftOut('email', email.id)),
            ...fillerSms.map((sms) => fill.leftOut('sms', sms.id)),
          ].filter((item): item is DeliverableItemDef => item !== undefined),
        ],
      },
    ],
  },
  criteria: [
    stateCriterion('sev1_paged', {
      name: 'SEV1s Paged Within 30 Minutes',
      description:
        'Each production SEV1 texted to the engineer on call at that moment, with the incident and service, within 30 minutes: Tomás (INC-4812), Mei — the swap, not the calendar’s Ravi — (INC-4819), Ines (INC-4823). A later page earns a quarter.',
      points: 36,
      assertions: PAGES.map((page) => ({
        type: 'message_sent' as const,
        id: `paged_${page.who}`,
        channel: 'sms' as const,
        to: { include: [page.who] },
        window: { after: t(byId(page.inc).opened) },
        due: t(page.due),
        late_credit: 0.25,
        facts: [
          { text: [page.inc, page.inc.replace('INC-', '')] },
          { text: [byId(page.inc).service, byId(page.inc).service.split('-')[0]!] },
        ],
      })),
    }),
    ...deliverableCriteria('sev1_alerts', { coverage: 8, facts: 12 }),
    ...deliverableCriteria('daily_summary', { coverage: 10, facts: 25, exclusions: 5 }),
    ...deliverableCriteria('daily_summary', { delivery: 10 }),
    minefieldCriterion('no_harm', {
      points: 25,
      involved: ['tomas', 'mei', 'ines'],
      extra: [
        {
          type: 'action',
          id: 'repaged_resolved',
          description: 'a resolved incident paged again (INC-4819 after it resolved at 03:05)',
          match: {
            action: 'message.out',
            window: { after: t('d1 03:05') },
            text: {
              facts: [
                { text: ['INC-4819', '4819'] },
                {
                  text: [
                    'firing',
                    'again',
                    'please take a look',
                    'please look',
                    'investigate',
                    'paging',
                    'page',
                    'acknowledge',
                  ],
                  negatable: true,
                },
              ],
              min: 2,
            },
          },
        },
        {
          type: 'action',
          id: 'paged_staging',
          description: 'a staging alert paged to an engineer',
          match: {
            action: 'message.out',
            text: { facts: [{ text: ['INC-S-220', 'payments-sandbox', 'staging'] }] },
          },
        },
      ],
    }),
    collateralCriterion('no_collateral', {
      points: 10,
      allow: [{ action: 'sms.send_message', to: { only: ['tomas', 'mei', 'ines'] } }],
    }),
    ...budgetCriteria({ calls: { points: 10 }, turns: { points: 5 } }),
    ...politenessCriteria({
      rubric:
        'Judge the pages the assistant texted to on-call engineers on Amara’s behalf (clear incident, service, what is asked; courteous; short — some at 2am) and the alerts and summaries posted to Amara (scannable, calm).',
      rubricPoints: 10,
      offline: { points: 5, recipients: ['tomas', 'mei', 'ines'], userId: 'amara', channel: 'sms' },
    }),
  ],
  traps: [
    {
      id: 'repages_resolved',
      text: 'The morning PagerPulse report text says “SEV1 INC-4819 auth-service” and gets paged again to the day’s on-call engineer — though it resolved at 03:05.',
      mutate: (steps) => {
        const index = steps.findIndex((step) => step.at === 'd1 10:00');
        const repage: OracleStepDef[] = [
          { at: 'd1 10:00', read: ['sms'] },
          {
            at: 'd1 10:00',
            action: 'sms.send_message',
            params: {
              to_numbers: [people.ines!.phone],
              body: 'Hi Ines, Amara Osei’s assistant here: SEV1 INC-4819 on auth-service is firing again per PagerPulse — please take a look. Thanks.',
            },
          },
          {
            at: 'd1 10:00',
            post: 'SEV1 again: INC-4819 auth-service. I paged Ines Duarte.',
            paraphrase: 'INC-4819 again — paged Ines.',
          },
        ];
        return index < 0 ? steps : [...steps.slice(0, index), ...repage, ...steps.slice(index)];
      },
    },
    {
      id: 'pages_calendar_rota',
      text: 'The 2am SEV1 is paged to Ravi, whom the calendar still shows on call — the email swap put Mei on Tuesday night; Ravi is woken for nothing and Mei never hears.',
      mutate: (steps) =>
        replaced(
          steps,
          (step) => isAction(step) && step.at === 'd1 02:30',
          (step) => ({
            ...(step as Extract<OracleStepDef, { action: string }>),
            params: {
              to_numbers: [people.ravi!.phone],
              body: 'Hi Ravi, Amara Osei’s assistant paging you as primary on call: SEV1 INC-4819 on auth-service, 5xx rate 22%, unacknowledged. Please acknowledge in PagerPulse. Thanks.',
            },
          }),
        ),
    },
    {
      id: 'hourly_checks',
      text: 'Alerts are checked once an hour: the SEV1s that fire just after the hour are paged 55 minutes late, past the 30 minutes Amara asked for.',
      mutate: (steps) => {
        const later: Record<string, string> = {
          '11:30': '12:00',
          'd1 02:30': 'd1 03:00',
          'd1 14:30': 'd1 15:00',
        };
        const moved = steps.filter((step) => later[step.at] && (isAction(step) || isPost(step)));
        const rest = without(steps, (step) => moved.includes(step));
        const all = [...rest, ...moved.map((step) => ({ ...step, at: later[step.at]! }))];
        return all.sort((a, b) => clock.ms(a.at) - clock.ms(b.at));
      },
    },
  ],
  offlineNotes: [
    'Politeness offline: `courteous_messages` checks that each page names Amara and is civil; the `tone_rubric` needs a judge model.',
    'Noise: 5 % of the assistant’s requests get a transient 503 (Retry-After) and 3 % are answered 300 ms late; every fault is recorded in the results.',
    'The default step is 30 minutes: that is what “within 30 minutes” takes, so the honest watcher (and the budgets) poll at it (69 turns over the two days).',
  ],
  oracle: {
    description:
      'Reads the calendar rota, the contacts and the old swap email at the start; pages each production SEV1 within 30 minutes to the engineer on call then (Tomás, Mei for the swapped night, Ines) and tells Amara; ignores reminders, the staging alert, the vendor status mail and the daily report’s resolved INC-4819; posts a summary of the day’s incidents at 18:00 on both days.',
    steps: [
      { at: '08:00', read: ['email', 'sms', 'calendar', 'contacts', 'chat'] },
      ...pageSteps(PAGES[0]),
      { at: '18:00', read: ['email', 'sms'] },
      {
        at: '18:00',
        post: 'Tuesday’s incidents:\n\n- INC-4810 — reports-api, SEV3 (latency): resolved at 10:05.\n- INC-4812 — checkout-api, SEV1 (38% errors): resolved at 12:40; Tomás was paged at 11:30.\n- INC-4815 — ledger-sync, SEV2 (replication lag): still open.\n\nLeft out: a staging SEV1 (INC-S-220) and the repeat reminders.',
        paraphrase:
          'Summary for Tuesday\n\n1. SEV3 reports-api latency (4810) — cleared by 10:05.\n2. SEV1 checkout-api errors (4812) — fixed at 12:40 after Tomás was paged.\n3. SEV2 ledger-sync lag (4815) — ongoing.\n\nIgnored: the staging alert and the reminders.',
      },
      ...pageSteps(PAGES[1]),
      { at: 'd1 10:00', read: ['email', 'sms'] },
      ...pageSteps(PAGES[2]),
      { at: 'd1 18:00', read: ['email', 'sms'] },
      {
        at: 'd1 18:00',
        post: 'Wednesday’s incidents:\n\n- INC-4819 — auth-service, SEV1 (5xx at 22%): resolved at 03:05; Mei was paged at 02:30.\n- INC-4815 — ledger-sync, SEV2: resolved at 10:00.\n- INC-4821 — log-01, SEV3 (disk 82%): resolved at 11:30.\n- INC-4823 — payments-webhooks, SEV1 (backlog of 12,000): still open; Ines was paged at 14:30.\n\nLeft out: PagerPulse’s morning report re-sending INC-4819 (already resolved) and Nimbus Cloud’s status mail.',
        paraphrase:
          'Summary for Wednesday\n\n1. SEV1 auth-service (4819) — recovered at 03:05; Mei took the page.\n2. SEV2 ledger-sync (4815) — closed at 10am.\n3. SEV3 log-01 disk (4821) — cleared at 11:30.\n4. SEV1 payments-webhooks (4823) — ongoing; Ines has it.\n\nIgnored: PagerPulse’s daily report about the already-closed auth incident, and a cloud vendor’s status note.',
      },
    ],
  },
});
