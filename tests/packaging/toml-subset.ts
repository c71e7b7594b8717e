/**
 * Reads the TOML subset a scenario.toml uses (no TOML parser is installed, and adding one is not
 * worth it for one file): `[table]`, `[[array-of-tables]]`, dotted table names, `key = value`
 * with basic and literal strings, integers, floats, booleans and one-line arrays of those, and
 * `#` comments. Anything else is an error naming the line, never a silent guess.
 */

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export class TomlSubsetError extends Error {
  override readonly name = 'TomlSubsetError';
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

export function parseTomlSubset(text: string): TomlTable {
  const root: TomlTable = {};
  let current = root;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = stripComment(raw, line).trim();
    if (content === '') return;
    const header = /^(\[\[?)\s*([^\]]+?)\s*(\]\]?)$/.exec(content);
    if (header) {
      const isArray = header[1] === '[[';
      if (isArray !== (header[3] === ']]'))
        throw new TomlSubsetError(line, `unbalanced table header ${content}`);
      current = openTable(
        root,
        header[2]!.split('.').map((key) => readKey(key.trim(), line)),
        isArray,
        line,
      );
      return;
    }
    const equals = content.indexOf('=');
    if (equals <= 0) throw new TomlSubsetError(line, `expected key = value, got ${content}`);
    const key = readKey(content.slice(0, equals).trim(), line);
    if (key in current) throw new TomlSubsetError(line, `duplicate key ${key}`);
    current[key] = readValue(content.slice(equals + 1).trim(), line);
  });
  return root;
}

function openTable(root: TomlTable, path: string[], isArray: boolean, line: number): TomlTable {
  let table = root;
  for (const [index, key] of path.entries()) {
    const last = index === path.length - 1;
    const existing = table[key];
    if (last && isArray) {
      const list = existing ?? [];
      if (!Array.isArray(list)) throw new TomlSubsetError(line, `${key} is not an array of tables`);
      const entry: TomlTable = {};
      list.push(entry);
      table[key] = list;
      return entry;
    }
    if (existing === undefined) table = table[key] = {};
    else if (Array.isArray(existing) && !last) table = existing.at(-1) as TomlTable;
    else if (typeof existing === 'object' && !Array.isArray(existing) && !last) table = existing;
    else throw new TomlSubsetError(line, `table ${path.join('.')} is defined twice`);
  }
  return table;
}

function readKey(key: string, line: number): string {
  if (BARE_KEY.test(key)) return key;
  if (/^"[^"]*"$/.test(key) || /^'[^']*'$/.test(key)) return key.slice(1, -1);
  throw new TomlSubsetError(line, `unsupported key ${key}`);
}

function readValue(text: string, line: number): TomlValue {
  if (text.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(text)) throw new TomlSubsetError(line, `bad basic string ${text}`);
    return JSON.parse(text) as string;
  }
  if (text.startsWith("'")) {
    if (!/^'[^']*'$/.test(text)) throw new TomlSubsetError(line, `bad literal string ${text}`);
    return text.slice(1, -1);
  }
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^[+-]?\d[\d_]*$/.test(text)) return Number(text.replaceAll('_', ''));
  if (/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1).trim();
    return inner === '' ? [] : splitTopLevel(inner).map((item) => readValue(item.trim(), line));
  }
  throw new TomlSubsetError(
    line,
    `unsupported value ${text} (inline tables, dates and multi-line values are outside the subset)`,
  );
}

function splitTopLevel(text: string): string[] {
  const items: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote === '"' && char === '\\') i += 1;
    else if (quote !== '') quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === ',') {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  const last = text.slice(start);
  if (last.trim() !== '') items.push(last);
  return items;
}

function stripComment(text: string, line: number): string {
  let quote = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote === '"' && char === '\\') i += 1;
    else if (quote !== '') quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '#') return text.slice(0, i);
  }
  if (quote !== '') throw new TomlSubsetError(line, 'unterminated string');
  return text;
}
