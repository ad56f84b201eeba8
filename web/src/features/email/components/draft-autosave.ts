/**
 * The compose dialog's save state (docs/email.md, "Drafts"): every change marks the draft dirty
 * and a save follows when typing pauses; a save names the version it read, so a draft changed in
 * another tab is a conflict the user settles (load theirs, or keep editing and overwrite from
 * their version), never a silent overwrite. Pure: the dialog's hook drives it.
 */
export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'error' | 'conflict';

export interface AutosaveState {
  readonly status: SaveStatus;
  /** The version the next save or the send must name. */
  readonly version: number;
  /** Changes made while a save was on its way: another save follows it. */
  readonly pendingAgain: boolean;
}

export type AutosaveEvent =
  | { readonly type: 'edit' }
  | { readonly type: 'save-start' }
  | { readonly type: 'save-done'; readonly version: number }
  | { readonly type: 'save-failed' }
  | { readonly type: 'save-conflict' }
  | { readonly type: 'loaded'; readonly version: number }
  /** Another change to the draft (an attachment added or removed) moved its version on. */
  | { readonly type: 'version'; readonly version: number };

export const initialAutosave = (version: number): AutosaveState => ({ status: 'saved', version, pendingAgain: false });

export const autosaveReducer = (state: AutosaveState, event: AutosaveEvent): AutosaveState => {
  switch (event.type) {
    case 'edit':
      if (state.status === 'conflict') return state;
      return state.status === 'saving' ? { ...state, pendingAgain: true } : { ...state, status: 'dirty' };
    case 'save-start':
      return { ...state, status: 'saving', pendingAgain: false };
    case 'save-done':
      return { status: state.pendingAgain ? 'dirty' : 'saved', version: event.version, pendingAgain: false };
    case 'save-failed':
      return { ...state, status: 'error' };
    case 'save-conflict':
      return { ...state, status: 'conflict', pendingAgain: false };
    case 'loaded':
      return initialAutosave(event.version);
    case 'version':
      return { ...state, version: Math.max(state.version, event.version) };
  }
};

/** Whether a save should start now (after the pause in typing). */
export const shouldSave = (state: AutosaveState): boolean => state.status === 'dirty' || state.status === 'error';
