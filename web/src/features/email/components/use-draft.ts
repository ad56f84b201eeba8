import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { MailAttachmentView, MailDetail } from '@orbit/functions/email/contract';
import { ApiError } from '../../../shared/api/api-error';
import {
  addAttachment,
  createDraft,
  discardDraft,
  fetchMail,
  refreshAfterDraft,
  removeAttachment,
  saveDraft,
  sendDraft,
  uploadFile,
  type DraftFields,
} from '../api/email';
import { autosaveReducer, initialAutosave, shouldSave } from './draft-autosave';
import { emptyFields, fieldsOf, hasContent, type ComposeRequest } from './compose-state';

/** A pause in typing this long saves the draft. */
export const autosaveDelayMs = 800;

export interface Upload {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly progress: number;
  readonly failed: boolean;
}

/**
 * The compose dialog's draft (docs/email.md, "Drafts"): created on the server when the dialog
 * opens for an answer (the server fills its recipients, subject and quote) or at the first change
 * of a new mail, saved after each pause in typing from the version it read, attachments uploaded
 * to it. Every call to the server goes through one queue, so a save never races an attachment's
 * change of version (which would look like another tab's change).
 */
export const useDraft = (request: ComposeRequest) => {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<DraftFields>(request.kind === 'draft' ? fieldsOf(request.draft) : emptyFields);
  const [draft, setDraft] = useState<MailDetail | null>(request.kind === 'draft' ? request.draft : null);
  const [ready, setReady] = useState(request.kind !== 'answer');
  const [state, dispatch] = useReducer(
    autosaveReducer,
    initialAutosave(request.kind === 'draft' ? request.draft.version : 0),
  );
  const [uploads, setUploads] = useState<readonly Upload[]>([]);
  const [attachments, setAttachments] = useState<readonly MailAttachmentView[]>(
    request.kind === 'draft' ? request.draft.attachments : [],
  );
  // What the queued calls read when they run: the latest, not what was current when queued.
  const live = useRef({ fields, draft, version: state.version });
  useEffect(() => {
    live.current = { fields, draft, version: state.version };
  });
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(work, work);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const adopt = useCallback((next: MailDetail) => {
    setDraft(next);
    live.current = { ...live.current, draft: next, version: next.version };
    setAttachments(next.attachments);
  }, []);

  // An answer: the server makes the draft from the mail answered.
  useEffect(() => {
    if (request.kind !== 'answer') return;
    let cancelled = false;
    void createDraft({ mode: request.mode, of: request.of }).then(
      ({ draft: made }) => {
        if (cancelled) return;
        adopt(made);
        // The answer is written above the quote: an empty paragraph first, where the editor starts.
        const fields = fieldsOf(made);
        setFields({ ...fields, html: fields.html.startsWith('<p></p>') ? fields.html : `<p></p>${fields.html}` });
        dispatch({ type: 'loaded', version: made.version });
        setReady(true);
      },
      () => setReady(true),
    );
    return () => {
      cancelled = true;
    };
  }, [request, adopt]);

  const ensureDraft = useCallback(async (): Promise<MailDetail> => {
    if (live.current.draft) return live.current.draft;
    const { draft: made } = await createDraft({ mode: 'new', ...live.current.fields });
    adopt(made);
    return made;
  }, [adopt]);

  const saveNow = useCallback(
    () =>
      enqueue(async () => {
        dispatch({ type: 'save-start' });
        try {
          const existing = live.current.draft;
          const saved = existing
            ? (await saveDraft(existing.id, live.current.version, live.current.fields)).draft
            : await ensureDraft();
          adopt(saved);
          dispatch({ type: 'save-done', version: saved.version });
          return true;
        } catch (error) {
          dispatch({ type: error instanceof ApiError && error.status === 409 ? 'save-conflict' : 'save-failed' });
          return false;
        }
      }),
    [enqueue, ensureDraft, adopt],
  );

  // Saves after each pause in typing; a new mail with nothing in it is not a draft yet.
  useEffect(() => {
    if (!shouldSave(state) || (!live.current.draft && !hasContent(fields))) return undefined;
    const timer = setTimeout(() => void saveNow(), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [state, fields, saveNow]);

  const change = (next: Partial<DraftFields>) => {
    setFields((current) => ({ ...current, ...next }));
    dispatch({ type: 'edit' });
  };

  /** The conflict: the other tab's version replaces what is here. */
  const loadTheirs = async () => {
    const id = live.current.draft?.id;
    if (!id) return;
    const { mail } = await fetchMail(id);
    adopt(mail);
    setFields(fieldsOf(mail));
    dispatch({ type: 'loaded', version: mail.version });
  };

  /** The conflict: keep what is here, saved over the other tab's version knowingly. */
  const keepMine = async () => {
    const id = live.current.draft?.id;
    if (!id) return;
    const { mail } = await fetchMail(id);
    dispatch({ type: 'loaded', version: mail.version });
    live.current = { ...live.current, version: mail.version };
    dispatch({ type: 'edit' });
  };

  const attach = async (file: File) => {
    const key = `${file.name}-${Date.now()}-${Math.random()}`;
    setUploads((list) => [...list, { key, name: file.name, size: file.size, progress: 0, failed: false }]);
    const progress = (value: number, failed = false) =>
      setUploads((list) =>
        list.map((upload) => (upload.key === key ? { ...upload, progress: value, failed } : upload)),
      );
    try {
      const ticket = await enqueue(async () => {
        const target = await ensureDraft();
        const answer = await addAttachment(target.id, { name: file.name, type: file.type, size: file.size });
        adopt(answer.draft);
        dispatch({ type: 'version', version: answer.draft.version });
        return answer;
      });
      await uploadFile(ticket.upload, file, (fraction) => progress(fraction));
      setUploads((list) => list.filter((upload) => upload.key !== key));
      return true;
    } catch {
      progress(0, true);
      return false;
    }
  };

  const dropUpload = (key: string) => setUploads((list) => list.filter((upload) => upload.key !== key));

  const detach = (attachmentId: string) =>
    enqueue(async () => {
      const id = live.current.draft?.id;
      if (!id) return;
      const answer = await removeAttachment(id, attachmentId);
      if (answer?.draft) {
        adopt(answer.draft);
        dispatch({ type: 'version', version: answer.draft.version });
      } else setAttachments((list) => list.filter((attachment) => attachment.id !== attachmentId));
    });

  /** Saves what is unsaved, then sends from that version. */
  const send = async () => {
    if (state.status !== 'saved' || !live.current.draft) {
      if (!(await saveNow())) return false;
    }
    await enqueue(async () => {
      const current = live.current.draft;
      if (!current) throw new Error('no draft');
      await sendDraft(current.id, live.current.version);
    });
    refreshAfterDraft(queryClient);
    return true;
  };

  const discard = async () => {
    await enqueue(async () => {
      const current = live.current.draft;
      if (current) await discardDraft(current.id, live.current.version);
    });
    refreshAfterDraft(queryClient);
  };

  /** Closing keeps the draft: what is unsaved is saved first. */
  const close = async () => {
    if (shouldSave(state) && (live.current.draft || hasContent(live.current.fields))) await saveNow();
    refreshAfterDraft(queryClient);
  };

  return {
    fields,
    change,
    draft,
    ready,
    state,
    uploads,
    attachments,
    attach,
    dropUpload,
    detach,
    send,
    discard,
    close,
    loadTheirs,
    keepMine,
  };
};
