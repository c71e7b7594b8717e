import type { DeliverableItemDef, EmailDef, Fact, SmsDef } from '../_kit/index.js';

/**
 * The alerting service's side of the on-call scenario: the incidents of the two days, the alert
 * emails and texts they produce, the facts a report of each states, and the pages' words.
 */
export const ALERTS = 'alerts@pagerpulse.example';
export const ALERT_SMS = '+447700900999';

export interface Incident {
  id: string;
  sev: 1 | 2 | 3;
  service: string;
  what: string;
  opened: string;
  resolved?: string;
  reminders?: string[];
}

export const INCIDENTS: Incident[] = [
  {
    id: 'INC-4810',
    sev: 3,
    service: 'reports-api',
    what: 'p95 latency 2.4s (threshold 1.5s)',
    opened: '09:20',
    resolved: '10:05',
  },
  {
    id: 'INC-4812',
    sev: 1,
    service: 'checkout-api',
    what: 'error rate 38% (threshold 5%)',
    opened: '11:05',
    resolved: '12:40',
    reminders: ['11:10', '11:14'],
  },
  {
    id: 'INC-4815',
    sev: 2,
    service: 'ledger-sync',
    what: 'replication lag 40 minutes',
    opened: '16:45',
    resolved: 'd1 10:00',
  },
  {
    id: 'INC-4819',
    sev: 1,
    service: 'auth-service',
    what: '5xx rate 22% (threshold 2%)',
    opened: 'd1 02:05',
    resolved: 'd1 03:05',
    reminders: ['d1 02:10', 'd1 02:14'],
  },
  {
    id: 'INC-4821',
    sev: 3,
    service: 'log-01',
    what: 'disk 82% full',
    opened: 'd1 11:00',
    resolved: 'd1 11:30',
  },
  {
    id: 'INC-4823',
    sev: 1,
    service: 'payments-webhooks',
    what: 'queue backlog 12,000 messages',
    opened: 'd1 14:05',
    reminders: ['d1 14:10', 'd1 14:14'],
  },
];

export const slug = (id: string) => id.toLowerCase().replace('-', '');

/** The alerting service's traffic: an email per opening and resolution, texts for SEV1s and their reminders. */
export function alertTraffic(): { emails: EmailDef[]; sms: SmsDef[] } {
  const emails: EmailDef[] = [];
  const sms: SmsDef[] = [];
  for (const inc of INCIDENTS) {
    const thread = `thread-${slug(inc.id)}`;
    emails.push({
      id: `${slug(inc.id)}_open`,
      from: ALERTS,
      at: inc.opened,
      thread,
      subject: `[SEV${inc.sev}] ${inc.id} ${inc.service}: ${inc.what} — FIRING`,
      body: `PagerPulse alert\n\nIncident: ${inc.id}\nSeverity: SEV${inc.sev}\nEnvironment: production\nService: ${inc.service}\nCondition: ${inc.what}\nStatus: FIRING (unacknowledged)\n\nThis alert repeats until acknowledged.`,
    });
    if (inc.sev === 1) {
      sms.push({
        id: `${slug(inc.id)}_sms`,
        from: ALERT_SMS,
        at: inc.opened,
        body: `PagerPulse SEV1 ${inc.id} ${inc.service} FIRING: ${inc.what}. Reply ACK to acknowledge.`,
      });
      (inc.reminders ?? []).forEach((at, n) =>
        sms.push({
          id: `${slug(inc.id)}_reminder${n + 1}`,
          from: ALERT_SMS,
          at,
          body: `PagerPulse REMINDER ${n + 1}: SEV1 ${inc.id} ${inc.service} still FIRING, unacknowledged.`,
        }),
      );
    }
    if (inc.resolved) {
      emails.push({
        id: `${slug(inc.id)}_resolved`,
        from: ALERTS,
        at: inc.resolved,
        thread,
        replyTo: `${slug(inc.id)}_open`,
        subject: `[RESOLVED] ${inc.id} ${inc.service}`,
        body: `PagerPulse\n\nIncident ${inc.id} (SEV${inc.sev}, ${inc.service}) is RESOLVED. The condition cleared and the incident is closed.`,
      });
    }
  }
  return { emails, sms };
}

export const incidentFact = (id: string): Fact => ({
  text: [id, id.replace('INC-', ''), id.replace('-', ' ')],
  key: true,
});
export const RESOLVED: Fact = { text: ['resolved', 'closed', 'cleared', 'recovered', 'fixed'] };
export const OPEN: Fact = {
  text: [
    'open',
    'ongoing',
    'still firing',
    'firing',
    'unresolved',
    'not resolved',
    'active',
    'in progress',
    'not yet resolved',
  ],
};
export const sevFact = (sev: number): Fact => ({
  text: [`SEV${sev}`, `SEV ${sev}`, `severity ${sev}`, `sev-${sev}`],
});

export function summaryItem(
  inc: Incident,
  id: string,
  status: Fact,
  source: { email: string },
): DeliverableItemDef {
  return {
    id,
    source,
    facts: [
      incidentFact(inc.id),
      { text: [inc.service, inc.service.split('-')[0]!] },
      sevFact(inc.sev),
      status,
    ],
  };
}

export const byId = (id: string) => INCIDENTS.find((inc) => inc.id === id)!;

export const PAGES = [
  { who: 'tomas', inc: 'INC-4812', at: '11:30', due: '11:35' },
  { who: 'mei', inc: 'INC-4819', at: 'd1 02:30', due: 'd1 02:35' },
  { who: 'ines', inc: 'INC-4823', at: 'd1 14:30', due: 'd1 14:35' },
] as const;

export const pageText: Record<string, { body: string; paraphrase: string }> = {
  'INC-4812': {
    body: 'Hi Tomás, this is Amara Osei’s assistant paging you as primary on call: SEV1 INC-4812 on checkout-api, error rate 38%, firing since 11:05 and unacknowledged. Please acknowledge in PagerPulse. Thanks.',
    paraphrase:
      'Hello Tomás — Amara’s assistant. SEV1 page: INC-4812, checkout-api (errors at 38%), unacknowledged. Can you pick it up? Thank you.',
  },
  'INC-4819': {
    body: 'Hi Mei, Amara Osei’s assistant here, paging you as tonight’s primary on call (your swap with Ravi): SEV1 INC-4819 on auth-service, 5xx rate 22%, firing since 02:05, unacknowledged. Please acknowledge in PagerPulse. Thank you.',
    paraphrase:
      'Hi Mei — paging for Amara (you’re covering tonight): SEV1 INC-4819, auth-service 5xx at 22%, not acknowledged yet. Please take it. Thanks.',
  },
  'INC-4823': {
    body: 'Hi Ines, this is Amara Osei’s assistant paging you as primary on call: SEV1 INC-4823 on payments-webhooks, queue backlog of 12,000 messages, firing since 14:05 and unacknowledged. Please acknowledge in PagerPulse. Thanks.',
    paraphrase:
      'Hello Ines, Amara’s assistant — SEV1 page: INC-4823, payments-webhooks backlog at 12k, still unacknowledged. Could you pick it up? Thank you.',
  },
};

export const alertPost: Record<string, { post: string; paraphrase: string }> = {
  'INC-4812': {
    post: 'SEV1: INC-4812, checkout-api error rate at 38% since 11:05. I paged Tomás Reyes (primary on call) at 11:30.',
    paraphrase:
      'Production SEV1 — INC-4812 (checkout-api, 38% errors). Tomás, today’s on-call, has been texted.',
  },
  'INC-4819': {
    post: 'SEV1 overnight: INC-4819, auth-service returning 22% 5xx since 02:05. I paged Mei Lin, who covers tonight per her swap with Ravi.',
    paraphrase:
      'Night SEV1 — INC-4819 (auth-service 5xx at 22%). Texted Mei Lin (on call tonight after the swap).',
  },
  'INC-4823': {
    post: 'SEV1: INC-4823, payments-webhooks queue backlog at 12,000 since 14:05. I paged Ines Duarte (primary on call).',
    paraphrase:
      'Production SEV1 — INC-4823: payments-webhooks is backed up (12k queued). Ines, on call today, has been texted.',
  },
};
