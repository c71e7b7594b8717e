import type { EvaluationInput } from '../green/run-record/evaluation-input.js';
import {
  DIMENSIONS,
  type AssessmentResults,
  type CriterionResult,
  type ResultsMetadata,
} from '../protocol/index.js';
import { dimensionChart } from './charts.js';
import { el, excerpt, jsonBlock, number, percent, type Content, type Html } from './html.js';
import { diffStates, type ModalityDiff } from './state-diff.js';
import { buildTimeline, chatText, describeWaiting, waitingAtStart, type TimelineEntry } from './timeline.js';
import { timeFormatter } from './time-format.js';

/** One run's part of a report: header, scores, timeline, criteria, state diff. */

export interface ReportRun {
  /** Unique within the page, used for anchors (`run-1`, …). */
  id: string;
  /** Where the run came from, as shown (a folder path). */
  source: string;
  results: AssessmentResults;
  evaluationInput: EvaluationInput | undefined;
}

/** Most rows one state-diff table shows (the rest are counted), keeping reports small. */
const MAX_DIFF_ROWS = 150;
/** Most timeline entries shown per run. */
const MAX_TIMELINE_ENTRIES = 1_500;

export function renderRun(run: ReportRun): Html {
  const { results, evaluationInput: input } = run;
  const zone = input?.initial_state.calendar.user_timezone;
  const format = timeFormatter(zone);
  return el(
    'section',
    { class: 'run', id: run.id, 'data-scenario': results.scenario_id },
    el('h2', {}, results.scenario_id, ' ', statusBadge(results.status)),
    header(run, format.zoneLabel),
    task(input),
    el(
      'section',
      { class: 'scores', id: `${run.id}-scores` },
      el('h3', {}, 'Scores'),
      scoreTable(results),
      dimensionChart(results.scores),
    ),
    el(
      'section',
      { class: 'timeline-section', id: `${run.id}-timeline` },
      el('h3', {}, `Timeline (${format.zoneLabel})`),
      timeline(results, input, format.format),
    ),
    el(
      'section',
      { class: 'criteria', id: `${run.id}-criteria` },
      el('h3', {}, 'Criteria'),
      criteria(results.criteria_results),
    ),
    el(
      'section',
      { class: 'state-diff', id: `${run.id}-diff` },
      el('h3', {}, 'What changed in the user’s world'),
      stateDiff(input, format.format),
    ),
  );
}

export function statusBadge(status: string): Html {
  return el('span', { class: `badge status-${status}` }, status);
}

function header(run: ReportRun, zoneLabel: string): Html {
  const { results } = run;
  const metadata = results.metadata ?? {};
  const models = metadata.models ?? {};
  const modelCalls = metadata['model_calls'] as { mode?: unknown } | undefined;
  const rescored = metadata['rescored'] as { at?: unknown; content_hash_changed?: unknown } | undefined;
  const rows: Array<[string, Content]> = [
    ['participant', results.participant],
    ['assessment', results.assessment_id],
    [
      'turns · actions · reads',
      `${results.turns_taken} · ${results.actions_taken} · ${String(metadata['reads_taken'] ?? '—')}`,
    ],
    ['end reason', String(metadata['end_reason'] ?? '—')],
    ['wall-clock duration', `${number(results.duration_seconds)} s`],
    ['models', `characters ${models.response ?? '—'}, judge ${models.evaluation ?? '—'}`],
    ['seed', metadata.seed === undefined || metadata.seed === null ? '—' : String(metadata.seed)],
    [
      'scenario version',
      `${metadata.scenario_version ?? '—'} (${metadata.content_hash ?? 'no content hash'})`,
    ],
    ['times shown in', zoneLabel],
    ['source', run.source],
  ];
  if (typeof metadata['failure'] === 'string') rows.push(['failure', metadata['failure']]);
  const unseen = unseenChatSummary(metadata.unseen_chat_posts);
  if (unseen) rows.push(['chat posts the user never saw', unseen]);
  if (modelCalls?.mode) rows.push(['model calls', `${String(modelCalls.mode)} (see metadata.model_calls)`]);
  if (rescored?.at) {
    rows.push([
      'rescored',
      `${String(rescored.at)}${rescored.content_hash_changed ? ' — the scenario changed since the run' : ''}`,
    ]);
  }
  return el(
    'dl',
    { class: 'facts' },
    rows.map(([name, value]) => [el('dt', {}, name), el('dd', {}, value)]),
  );
}

/** "2 — turn 3 to “default”, turn 5 to “notes”", or undefined when every post reached the user. */
function unseenChatSummary(posts: ResultsMetadata['unseen_chat_posts']): string | undefined {
  if (!posts?.length) return undefined;
  const where = posts.map((post) => `turn ${post.turn} to “${post.conversation_id}”`).join(', ');
  return `${posts.length} — ${where}`;
}

function task(input: EvaluationInput | undefined): Content {
  const prompt = input?.initial_state.chat.messages.find((message) => message.role === 'user');
  if (!prompt) return null;
  return el('blockquote', { class: 'task' }, el('strong', {}, 'The user’s task: '), chatText(prompt.content));
}

function scoreTable(results: AssessmentResults): Html {
  const { overall, dimensions } = results.scores;
  const rows = DIMENSIONS.flatMap((dimension) => {
    const score = dimensions[dimension];
    return score
      ? [
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, dimension),
            el('td', {}, number(score.score)),
            el('td', {}, number(score.max_score)),
            el('td', {}, percent(score.score, score.max_score)),
          ),
        ]
      : [];
  });
  const cap =
    overall.cap !== undefined
      ? ` (capped at ${number(overall.cap)} by a minefield; uncapped ${number(overall.uncapped_score ?? overall.score)})`
      : '';
  return el(
    'table',
    { class: 'score-table' },
    el(
      'thead',
      {},
      el('tr', {}, el('th', {}, 'dimension'), el('th', {}, 'score'), el('th', {}, 'max'), el('th', {}, '%')),
    ),
    el(
      'tbody',
      {},
      rows,
      el(
        'tr',
        { class: 'overall' },
        el('th', { scope: 'row' }, `overall${cap}`),
        el('td', {}, number(overall.score)),
        el('td', {}, number(overall.max_score)),
        el('td', {}, percent(overall.score, overall.max_score)),
      ),
    ),
  );
}

const KIND_LABELS: Readonly<Record<TimelineEntry['kind'], string>> = {
  turn: 'turn',
  action: 'assistant',
  arrival: 'arrives',
  reply: 'character',
  user: 'user',
};

function timeline(
  results: AssessmentResults,
  input: EvaluationInput | undefined,
  format: (iso: string) => string,
): Html {
  const entries = buildTimeline(results, input);
  const shown = entries.slice(0, MAX_TIMELINE_ENTRIES);
  const notes: Content[] = [];
  if (input) notes.push(el('p', { class: 'note' }, describeWaiting(waitingAtStart(input))));
  else
    notes.push(
      el('p', { class: 'note' }, 'No evaluation-input.json: arrivals, replies and turn times are not shown.'),
    );
  if (entries.length > shown.length)
    notes.push(el('p', { class: 'note' }, `${entries.length - shown.length} later entries not shown.`));
  return el(
    'div',
    {},
    notes,
    el(
      'ol',
      { class: 'timeline' },
      shown.map((entry) =>
        el(
          'li',
          {
            class: `entry kind-${entry.kind}${entry.failed ? ' failed' : ''}`,
            'data-kind': entry.kind,
            'data-turn': entry.turn,
          },
          el('time', { datetime: entry.time }, format(entry.time)),
          el('span', { class: 'kind' }, KIND_LABELS[entry.kind]),
          el('span', { class: 'title' }, entry.title),
          entry.detail ? el('span', { class: 'detail' }, entry.detail) : null,
        ),
      ),
    ),
  );
}

function criteria(results: readonly CriterionResult[]): Html {
  return el(
    'table',
    { class: 'criteria-table' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        ['criterion', 'dimension', 'score', 'method', 'explanation and evidence'].map((name) =>
          el('th', {}, name),
        ),
      ),
    ),
    el('tbody', {}, results.map(criterionRow)),
  );
}

function criterionRow(result: CriterionResult): Html {
  const details = result.details ?? {};
  const evaluated = details['evaluated'] !== false;
  const method = String(details['method'] ?? details['check'] ?? '');
  const role = typeof details['role'] === 'string' ? details['role'] : undefined;
  const isJudge = method === 'llm' && evaluated;
  const { evidence, ...rest } = details as Record<string, unknown>;
  return el(
    'tr',
    { class: evaluated ? 'criterion' : 'criterion not-evaluated', 'data-criterion': result.criterion_id },
    el(
      'td',
      {},
      el('strong', {}, result.criterion_id),
      el('br', {}),
      el('span', { class: 'muted' }, result.name),
    ),
    el('td', {}, result.dimension, role ? el('div', { class: 'muted' }, role) : null),
    el(
      'td',
      { class: 'num' },
      evaluated
        ? `${number(result.score)} / ${number(result.max_score)}`
        : `n/e / ${number(result.max_score)}`,
    ),
    el(
      'td',
      {},
      method || '—',
      !evaluated ? el('div', { class: 'muted' }, String(details['reason'] ?? 'not evaluated')) : null,
    ),
    el(
      'td',
      {},
      el(
        'div',
        { class: isJudge ? 'rationale' : 'explanation' },
        isJudge ? el('span', { class: 'label' }, 'Judge’s rationale: ') : null,
        result.explanation,
      ),
      evidence !== undefined
        ? el('details', {}, el('summary', {}, 'evidence'), el('pre', {}, jsonBlock(evidence)))
        : null,
      Object.keys(rest).length > 0
        ? el('details', {}, el('summary', {}, 'details'), el('pre', {}, jsonBlock(rest, 4_000)))
        : null,
    ),
  );
}

function stateDiff(input: EvaluationInput | undefined, format: (iso: string) => string): Content {
  if (!input)
    return el('p', { class: 'note' }, 'No evaluation-input.json: the states before and after are unknown.');
  const diff = diffStates(input.initial_state, input.final_state);
  const readAfter = input.final_state_read_after_turn;
  return [
    readAfter === undefined
      ? null
      : el(
          'p',
          { class: 'note' },
          readAfter === 0
            ? 'The run failed before its end, before the green read the state after any turn: “after” is the initial state.'
            : `The run failed before its end: “after” is the last state the green read, after turn ${readAfter}’s actions.`,
        ),
    el('p', {}, `Simulated clock: ${format(diff.clock.before)} → ${format(diff.clock.after)}`),
    diff.modalities.map(modalityTable),
  ];
}

function modalityTable(diff: ModalityDiff): Content {
  const rows = [
    ...diff.added.map((item) => ['added', item] as const),
    ...diff.removed.map((item) => ['removed', item] as const),
    ...diff.changed.map((item) => ['changed', item] as const),
  ];
  const summary = `${diff.modality}: ${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed`;
  if (rows.length === 0) return el('p', { class: 'muted' }, summary);
  const shown = rows.slice(0, MAX_DIFF_ROWS);
  return el(
    'details',
    { class: 'modality', open: rows.length <= 30 },
    el('summary', {}, summary),
    el(
      'table',
      { class: 'diff-table' },
      el(
        'tbody',
        {},
        shown.map(([change, item]) =>
          el(
            'tr',
            { class: change },
            el('td', {}, change),
            el(
              'td',
              {},
              excerpt(item.label, 200),
              item.fields.length > 0
                ? el(
                    'ul',
                    {},
                    item.fields.map((field) => el('li', {}, field)),
                  )
                : null,
            ),
          ),
        ),
      ),
    ),
    rows.length > shown.length
      ? el('p', { class: 'note' }, `${rows.length - shown.length} more not shown.`)
      : null,
  );
}
