/** The report's whole style sheet, inlined into the page (no external assets). */
export const REPORT_CSS = `
:root { color-scheme: light; --fg: #1d2330; --muted: #5b6578; --line: #d9dee8; --bg: #fff; --soft: #f4f6fa;
  --ok: #1f7a3d; --warn: #a15c00; --bad: #b3261e; --accent: #2456a6; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg);
  margin: 0 auto; padding: 24px; max-width: 1200px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 28px 0 10px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 16px; margin: 22px 0 8px; }
a { color: var(--accent); }
.muted, .note { color: var(--muted); } .note { font-style: italic; margin: 4px 0; }
.badge { display: inline-block; font-size: 12px; padding: 1px 8px; border-radius: 10px; vertical-align: middle; background: var(--soft); border: 1px solid var(--line); }
.status-completed { color: var(--ok); border-color: var(--ok); } .status-incomplete, .status-partial { color: var(--warn); border-color: var(--warn); }
.status-failed, .status-timeout, .status-error { color: var(--bad); border-color: var(--bad); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
blockquote.task { margin: 10px 0; padding: 8px 12px; background: var(--soft); border-left: 4px solid var(--accent); white-space: pre-wrap; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { background: var(--soft); font-weight: 600; } td.num { white-space: nowrap; font-variant-numeric: tabular-nums; }
.score-table { width: auto; min-width: 420px; } .score-table tr.overall th, .score-table tr.overall td { font-weight: 700; }
svg.chart { max-width: 100%; height: auto; font-size: 12px; } svg .track { fill: var(--soft); stroke: var(--line); }
svg.mini { vertical-align: middle; }
ol.timeline { list-style: none; padding: 0; margin: 0; border-left: 3px solid var(--line); }
ol.timeline li { display: grid; grid-template-columns: 140px 88px 1fr; gap: 2px 10px; padding: 3px 8px; margin-left: 0; }
ol.timeline li .detail { grid-column: 3; color: var(--muted); overflow-wrap: anywhere; }
ol.timeline li time { font-variant-numeric: tabular-nums; color: var(--muted); white-space: nowrap; }
ol.timeline li .kind { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
li.kind-turn { background: var(--soft); border-top: 1px solid var(--line); margin-top: 6px; font-weight: 600; }
li.kind-arrival .kind { color: #6a3fb0; } li.kind-reply .kind { color: #0f7a7a; } li.kind-action .kind { color: var(--accent); }
li.kind-user .kind { color: var(--warn); } li.failed .title, .failed-text { color: var(--bad); }
.criteria-table .rationale .label { font-weight: 600; } tr.not-evaluated { color: var(--muted); }
details > summary { cursor: pointer; color: var(--accent); } pre { background: var(--soft); padding: 8px; overflow: auto; max-height: 420px; font-size: 12px; white-space: pre-wrap; }
.diff-table td:first-child { width: 80px; } tr.added td:first-child { color: var(--ok); } tr.removed td:first-child { color: var(--bad); }
tr.changed td:first-child { color: var(--warn); } .diff-table ul { margin: 2px 0 0; padding-left: 18px; color: var(--muted); }
section.run { margin-top: 36px; } a.trial { margin-right: 6px; white-space: nowrap; }
header.page p { margin: 2px 0; color: var(--muted); }
@media print { details { display: block; } body { max-width: none; } }
`;
