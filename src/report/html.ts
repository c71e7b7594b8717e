/**
 * Building HTML as text, safely: every value goes through `escapeHtml` unless it is already
 * markup (`Html`). No templates, no dependencies, no script.
 */

/** Markup that is already safe to embed. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Content = Html | string | number | null | undefined | false | readonly Content[];

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function render(content: Content): string {
  if (content === null || content === undefined || content === false) return '';
  if (content instanceof Html) return content.text;
  if (Array.isArray(content)) return (content as readonly Content[]).map(render).join('');
  return escapeHtml(String(content));
}

export function raw(text: string): Html {
  return new Html(text);
}

type Attributes = Readonly<Record<string, string | number | boolean | undefined>>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('');
}

/** `<tag attrs>children</tag>`. */
export function el(tag: string, attrs: Attributes, ...children: Content[]): Html {
  return new Html(`<${tag}${attributes(attrs)}>${render(children)}</${tag}>`);
}

/** Text cut to `max` characters (with an ellipsis), for table cells. */
export function excerpt(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Pretty JSON, cut to `max` characters so one huge evidence object cannot bloat the page. */
export function jsonBlock(value: unknown, max = 12_000): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

export function percent(score: number, max: number): string {
  return max > 0 ? `${Math.round((score / max) * 100)} %` : '—';
}

export function number(value: number): string {
  return String(Math.round(value * 100) / 100);
}
