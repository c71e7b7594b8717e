/**
 * Keeps the last lines a child process printed, so an error about that process can show what it
 * said without holding its whole output in memory.
 */
export class OutputRingBuffer {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(
    private readonly maxLines = 200,
    private readonly maxLineLength = 2_000,
  ) {}

  /** Appends a chunk of output; lines are split on `\n`, a trailing fragment waits for the rest. */
  push(chunk: string): void {
    const text = this.partial + chunk;
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    if (this.partial.length > this.maxLineLength) {
      this.add(this.partial);
      this.partial = '';
    }
    for (const line of parts) this.add(line);
  }

  /** The newest `count` lines (the unfinished one included), oldest first. */
  tail(count = this.maxLines): string[] {
    const all = this.partial === '' ? this.lines : [...this.lines, this.partial];
    return all.slice(Math.max(0, all.length - count));
  }

  /** The newest complete lines (a line still being written is left out), oldest first. */
  completeLines(): string[] {
    return [...this.lines];
  }

  /** The tail as one indented block for an error message, or a note that nothing was printed. */
  describeTail(count = 20): string {
    const tail = this.tail(count);
    return tail.length === 0 ? '(no output)' : tail.map((line) => `  | ${line}`).join('\n');
  }

  private add(line: string): void {
    const clean = line.endsWith('\r') ? line.slice(0, -1) : line;
    this.lines.push(clean.length > this.maxLineLength ? `${clean.slice(0, this.maxLineLength)}…` : clean);
    if (this.lines.length > this.maxLines) this.lines.shift();
  }
}
