/** Examples of assessment requests, for the agent card and error messages (no schemas loaded). */

export const REQUEST_EXAMPLE = {
  participants: { assistant: 'http://127.0.0.1:9019/' },
  config: { scenario_id: 'email_triage_basic', max_turns: 13, seed: 42 },
};

/** A suite: every scenario of a family, three trials each (pass^3), two at a time. */
export const SUITE_REQUEST_EXAMPLE = {
  participants: { assistant: 'http://127.0.0.1:9019/' },
  config: { scenarios: 'family:scheduling', trials: 3, concurrency: 2, seed: 42 },
};
