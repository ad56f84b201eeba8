import { describe, expect, it } from 'vitest';
import { autosaveReducer, initialAutosave, shouldSave, type AutosaveEvent, type AutosaveState } from './draft-autosave';

const run = (state: AutosaveState, ...events: AutosaveEvent[]) => events.reduce(autosaveReducer, state);

describe("the compose dialog's draft autosave", () => {
  it('saves after an edit and names the version the server returned next', () => {
    const state = run(initialAutosave(1), { type: 'edit' });
    expect(state.status).toBe('dirty');
    expect(shouldSave(state)).toBe(true);
    const saved = run(state, { type: 'save-start' }, { type: 'save-done', version: 2 });
    expect(saved).toEqual({ status: 'saved', version: 2, pendingAgain: false });
    expect(shouldSave(saved)).toBe(false);
  });

  it('saves again when typing went on during a save', () => {
    const state = run(
      initialAutosave(3),
      { type: 'edit' },
      { type: 'save-start' },
      { type: 'edit' },
      { type: 'save-done', version: 4 },
    );
    expect(state).toEqual({ status: 'dirty', version: 4, pendingAgain: false });
    expect(shouldSave(state)).toBe(true);
  });

  it('stops on a stale version and never saves over it until the user chooses', () => {
    const conflict = run(initialAutosave(5), { type: 'edit' }, { type: 'save-start' }, { type: 'save-conflict' });
    expect(conflict.status).toBe('conflict');
    expect(shouldSave(conflict)).toBe(false);
    // More typing does not start a save over the other tab's version.
    expect(run(conflict, { type: 'edit' }).status).toBe('conflict');
    // Loading theirs (or keeping mine from their version) starts again from their version.
    const loaded = run(conflict, { type: 'loaded', version: 7 });
    expect(loaded).toEqual({ status: 'saved', version: 7, pendingAgain: false });
    expect(run(loaded, { type: 'edit' })).toEqual({ status: 'dirty', version: 7, pendingAgain: false });
  });

  it('retries after a failed save, and follows versions moved on by attachments without losing an edit', () => {
    const failed = run(initialAutosave(1), { type: 'edit' }, { type: 'save-start' }, { type: 'save-failed' });
    expect(failed.status).toBe('error');
    expect(shouldSave(failed)).toBe(true);
    const attached = run(initialAutosave(1), { type: 'edit' }, { type: 'version', version: 3 });
    expect(attached).toEqual({ status: 'dirty', version: 3, pendingAgain: false });
    expect(run(attached, { type: 'version', version: 2 }).version).toBe(3);
  });
});
