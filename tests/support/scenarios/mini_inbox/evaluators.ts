import type { EvalContext, EvalResult } from '../../../../src/green/judge/types.js';

/** Programmatic checks of the mini_inbox test scenario. Each reads only the evaluation context. */

function emailsSent(context: EvalContext): Record<string, unknown>[] {
  return context.actionLog
    .filter((entry) => entry.action === 'email.send' && entry.success)
    .map((entry) => entry.parameters);
}

export async function replied_to_ann(context: EvalContext): Promise<EvalResult> {
  const toAnn = emailsSent(context).filter((email) =>
    (email['to_addresses'] as string[]).includes('ann@example.com'),
  );
  return {
    score: toAnn.length > 0 ? 10 : 0,
    max_score: 10,
    explanation: toAnn.length > 0 ? `emailed Ann ${toAnn.length} time(s)` : 'never emailed Ann',
    details: { method: 'programmatic', emails_to_ann: toAnn.length },
  };
}

export async function posted_summaries(
  context: EvalContext,
  params: Record<string, unknown>,
): Promise<EvalResult> {
  const expected = Number(params['expected'] ?? 3);
  const posted = context.actionLog.filter(
    (entry) => entry.action === 'chat.send_message' && entry.parameters['role'] === 'assistant',
  ).length;
  return {
    score: Math.min(posted, expected),
    max_score: expected,
    explanation: `${posted} assistant chat message(s), ${expected} expected`,
    details: {
      method: 'programmatic',
      posted,
      expected,
      reads: context.readCount,
      turns: context.turns.length,
    },
  };
}

export async function no_stray_sends(context: EvalContext): Promise<EvalResult> {
  const known = new Set(
    Object.values(context.scenario.characters)
      .map((character) => character.email)
      .filter(Boolean),
  );
  const stray = emailsSent(context).flatMap((email) =>
    (email['to_addresses'] as string[]).filter((to) => !known.has(to)),
  );
  return {
    score: stray.length === 0 ? 4 : 0,
    max_score: 4,
    explanation: stray.length === 0 ? 'no email to unknown addresses' : `emailed ${stray.join(', ')}`,
    details: { method: 'programmatic', stray },
  };
}
