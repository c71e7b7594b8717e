import { DIMENSIONS, type Scores } from '../protocol/index.js';
import { escapeHtml, number, raw, type Html } from './html.js';

/**
 * The per-dimension chart: one horizontal bar per dimension (and overall), as inline SVG, so the
 * report needs no script and no external asset.
 */

const ROW = 26;
const LABEL_WIDTH = 170;
const BAR_WIDTH = 360;
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 190;

export function dimensionChart(scores: Scores, title = 'Score by dimension'): Html {
  const rows = [
    ...DIMENSIONS.flatMap((dimension) => {
      const score = scores.dimensions[dimension];
      return score ? [{ name: dimension.replace(/_/g, ' '), score: score.score, max: score.max_score }] : [];
    }),
    { name: 'overall', score: scores.overall.score, max: scores.overall.max_score },
  ];
  const height = rows.length * ROW + 10;
  const bars = rows
    .map((row, index) => {
      const y = 5 + index * ROW;
      const share = row.max > 0 ? Math.min(1, Math.max(0, row.score / row.max)) : 0;
      const width = Math.round(share * BAR_WIDTH);
      const hue = Math.round(share * 120);
      const label = `${number(row.score)} / ${number(row.max)} (${Math.round(share * 100)} %)`;
      return (
        `<g class="bar" data-dimension="${escapeHtml(row.name)}">` +
        `<text x="${LABEL_WIDTH - 8}" y="${y + 16}" text-anchor="end">${escapeHtml(row.name)}</text>` +
        `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${BAR_WIDTH}" height="${ROW - 8}" class="track"/>` +
        `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${width}" height="${ROW - 8}" fill="hsl(${hue} 60% 45%)"/>` +
        `<text x="${LABEL_WIDTH + BAR_WIDTH + 8}" y="${y + 16}">${escapeHtml(label)}</text>` +
        `</g>`
      );
    })
    .join('');
  return raw(
    `<svg class="chart" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${WIDTH} ${height}" ` +
      `width="${WIDTH}" height="${height}" xmlns="http://www.w3.org/2000/svg"><title>${escapeHtml(title)}</title>${bars}</svg>`,
  );
}

/** A small inline bar for a table cell (suite rows). */
export function miniBar(score: number, max: number): Html {
  const share = max > 0 ? Math.min(1, Math.max(0, score / max)) : 0;
  const hue = Math.round(share * 120);
  return raw(
    `<svg class="mini" width="80" height="10" viewBox="0 0 80 10" aria-hidden="true">` +
      `<rect width="80" height="10" class="track"/><rect width="${Math.round(share * 80)}" height="10" fill="hsl(${hue} 60% 45%)"/></svg>`,
  );
}
