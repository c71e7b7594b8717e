/**
 * Reads the block-YAML subset docker-compose.yaml uses (no YAML parser is installed): nested
 * mappings and `- item` sequences by indentation, plain and quoted scalars (kept as strings), and
 * one-line flow sequences like `['CMD', 'curl']`. Anchors, multi-line scalars and flow mappings
 * are errors naming the line, so the compose checks never run on a misread file.
 */

export type YamlValue = string | YamlValue[] | YamlMap;
export interface YamlMap {
  [key: string]: YamlValue;
}

export class YamlSubsetError extends Error {
  override readonly name = 'YamlSubsetError';
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

interface Line {
  number: number;
  indent: number;
  text: string;
}

export function parseYamlSubset(source: string): YamlMap {
  const lines: Line[] = [];
  source.split(/\r?\n/).forEach((raw, index) => {
    const text = stripComment(raw).trimEnd();
    if (text.trim() === '') return;
    if (/\t/.test(text.slice(0, text.length - text.trimStart().length))) {
      throw new YamlSubsetError(index + 1, 'tab indentation');
    }
    lines.push({ number: index + 1, indent: text.length - text.trimStart().length, text: text.trim() });
  });
  const cursor = { at: 0 };
  const value = readBlock(lines, cursor, lines[0]?.indent ?? 0);
  if (cursor.at < lines.length) throw new YamlSubsetError(lines[cursor.at]!.number, 'unexpected indentation');
  if (typeof value !== 'object' || Array.isArray(value))
    throw new YamlSubsetError(1, 'top level is not a mapping');
  return value;
}

function readBlock(lines: Line[], cursor: { at: number }, indent: number): YamlValue {
  const first = lines[cursor.at];
  if (!first) return {};
  if (first.text === '-' || first.text.startsWith('- ')) {
    const list: YamlValue[] = [];
    while (lines[cursor.at]?.indent === indent && /^-( |$)/.test(lines[cursor.at]!.text)) {
      const line = lines[cursor.at]!;
      const item = line.text.slice(1).trim();
      if (item === '' || /^[^'"[][^:]*:( |$)/.test(item)) {
        throw new YamlSubsetError(line.number, 'mappings inside sequences are outside the subset');
      }
      list.push(readScalar(item, line.number));
      cursor.at += 1;
    }
    return list;
  }
  const map: YamlMap = {};
  while (lines[cursor.at]?.indent === indent) {
    const line = lines[cursor.at]!;
    const match = /^([A-Za-z0-9_.-]+|'[^']*'|"[^"]*"):(?: (.*))?$/.exec(line.text);
    if (!match) throw new YamlSubsetError(line.number, `expected "key: value", got ${line.text}`);
    const key = /^['"]/.test(match[1]!) ? match[1]!.slice(1, -1) : match[1]!;
    if (key in map) throw new YamlSubsetError(line.number, `duplicate key ${key}`);
    cursor.at += 1;
    const rest = match[2]?.trim() ?? '';
    if (rest !== '') map[key] = readScalar(rest, line.number);
    else {
      const next = lines[cursor.at];
      const nested = next && (next.indent > indent || (next.indent === indent && /^-( |$)/.test(next.text)));
      map[key] = nested ? readBlock(lines, cursor, next.indent) : '';
    }
  }
  return map;
}

function readScalar(text: string, line: number): YamlValue {
  if (/^[&*!|>{]/.test(text)) throw new YamlSubsetError(line, `unsupported YAML: ${text}`);
  if (text.startsWith('[')) {
    if (!text.endsWith(']'))
      throw new YamlSubsetError(line, 'multi-line flow sequences are outside the subset');
    const inner = text.slice(1, -1).trim();
    return inner === '' ? [] : splitFlow(inner).map((item) => readScalar(item.trim(), line));
  }
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) throw new YamlSubsetError(line, `bad quoted scalar ${text}`);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  if (text.startsWith('"')) return JSON.parse(text) as string;
  return text;
}

function splitFlow(text: string): string[] {
  const items: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote !== '') quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === ',') {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}

function stripComment(text: string): string {
  let quote = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote !== '') quote = char === quote ? '' : quote;
    else if ((char === '"' || char === "'") && (i === 0 || /[\s[,:-]/.test(text.charAt(i - 1)))) quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(text.charAt(i - 1)))) return text.slice(0, i);
  }
  return text;
}
