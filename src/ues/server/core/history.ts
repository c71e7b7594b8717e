import type { Journal } from './journal.js';

export interface HistoryEntry {
  event_id: string;
  modality: string;
  /** The input's `operation`, when it has one. */
  action: string | null;
  journal: Journal;
}

export type UndoneEvent = Omit<HistoryEntry, 'journal'>;

const describe = (entry: HistoryEntry): UndoneEvent => ({
  event_id: entry.event_id,
  modality: entry.modality,
  action: entry.action,
});

/** The undo and redo stacks: one entry per executed event, newest last. */
export class History {
  private undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** Records an executed event; a new action starts a new timeline, so redo is dropped. */
  record(entry: HistoryEntry): void {
    this.undoStack.push(entry);
    this.redoStack = [];
  }

  /** Undoes up to `count` entries, newest first, keeping them for redo. */
  undo(count: number): UndoneEvent[] {
    const undone: UndoneEvent[] = [];
    while (undone.length < count && this.undoStack.length > 0) {
      const entry = this.undoStack.pop()!;
      entry.journal.undo();
      this.redoStack.push(entry);
      undone.push(describe(entry));
    }
    return undone;
  }

  /** Re-applies up to `count` undone entries; `reapply` returns the new journal of each. */
  redo(count: number, reapply: (entry: HistoryEntry) => Journal): UndoneEvent[] {
    const redone: UndoneEvent[] = [];
    while (redone.length < count && this.redoStack.length > 0) {
      const entry = this.redoStack.pop()!;
      this.undoStack.push({ ...entry, journal: reapply(entry) });
      redone.push(describe(entry));
    }
    return redone;
  }

  /** Undoes everything (reset); failures are collected and undoing goes on. */
  undoAll(): { undone: number; errors: string[] } {
    const errors: string[] = [];
    let undone = 0;
    while (this.undoStack.length > 0) {
      const entry = this.undoStack.pop()!;
      try {
        entry.journal.undo();
        undone++;
      } catch (error) {
        errors.push(`${entry.event_id}: ${(error as Error).message}`);
      }
    }
    this.redoStack = [];
    return { undone, errors };
  }

  /** Undoes one event's changes and forgets its entry (rollback on a backward time jump). */
  rollBack(eventId: string): void {
    const index = this.undoStack.findLastIndex((entry) => entry.event_id === eventId);
    if (index < 0) return;
    const [entry] = this.undoStack.splice(index, 1);
    entry!.journal.undo();
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
  }
}
