import { Ban } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import type { ChatReportReason } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Sheet } from '../../ui/Sheet';
import { FALLBACK_ERROR } from './fallback';
import { useBlockStatus, useReport, useSetBlocked } from './blocks';

/** Asks before blocking: what a block does, and that they are not told. */
export function BlockConfirm({ open, onClose, userId, name }: { open: boolean; onClose: () => void; userId: string; name: string }) {
  const setBlocked = useSetBlocked(userId, name);
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={`Block ${name}?`}
      footer={
        <div className="flex flex-col gap-2">
          <Button
            block
            variant="danger"
            loading={setBlocked.isPending}
            onClick={() => setBlocked.mutate(true, { onSuccess: onClose })}
            icon={<Ban className="size-5" aria-hidden="true" />}
          >
            Block
          </Button>
          <Button block variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      }
    >
      <p className="text-[15px] text-muted">
        You won’t be able to message or call each other, and they won’t see when you are online or typing. They won’t be told you blocked
        them. You can unblock them at any time.
      </p>
    </Sheet>
  );
}

/** Block or Unblock for a person (their profile): asks before blocking, unblocks at once. */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const status = useBlockStatus(userId);
  const setBlocked = useSetBlocked(userId, name);
  const [asking, setAsking] = useState(false);
  const stopAsking = useCallback(() => setAsking(false), []);
  const blocked = status.data?.blocked === true;
  return (
    <>
      <Button
        size="sm"
        variant={blocked ? 'outline' : 'danger'}
        block
        loading={status.isPending || setBlocked.isPending}
        disabled={status.isError}
        onClick={() => (blocked ? setBlocked.mutate(false) : setAsking(true))}
      >
        {blocked ? 'Unblock' : 'Block'}
      </Button>
      <BlockConfirm open={asking} onClose={stopAsking} userId={userId} name={name} />
    </>
  );
}

/** In place of the composer when I blocked the person of a conversation. */
export function BlockedNotice({ userId, name }: { userId: string; name: string }) {
  const setBlocked = useSetBlocked(userId, name);
  return (
    <div
      role="region"
      aria-label="Blocked"
      className="shrink-0 border-t border-line bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center"
    >
      <p className="text-sm text-muted">You blocked {name}. You can’t message or call each other.</p>
      <Button className="mt-2" size="sm" variant="outline" block loading={setBlocked.isPending} onClick={() => setBlocked.mutate(false)}>
        Unblock
      </Button>
    </div>
  );
}

/** The server's reasons (the contracts' `chatReportReason`), in the app's words. */
const REASON_LABELS: Record<ChatReportReason, string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  harassment: 'Harassment or bullying',
  inappropriate: 'Nudity or offensive content',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
};
const REASONS = Object.entries(REASON_LABELS) as [ChatReportReason, string][];

/** Reports a conversation: a reason from the short list, and a note if one wants. */
export function ReportSheet({ open, onClose, userId, name }: { open: boolean; onClose: () => void; userId: string; name: string }) {
  const report = useReport(userId);
  const [reason, setReason] = useState<ChatReportReason | null>(null);
  const [note, setNote] = useState('');
  const [done, setDone] = useState(false);
  const groupId = useId();
  const resetReport = report.reset;
  // Stable while nothing it uses changes: the sheet takes focus again whenever its onClose changes.
  const close = useCallback(() => {
    onClose();
    if (done) {
      setDone(false);
      setReason(null);
      setNote('');
      resetReport();
    }
  }, [onClose, done, resetReport]);
  return (
    <Sheet
      open={open}
      onClose={close}
      title={done ? 'Thanks for telling us' : `Report your chat with ${name}`}
      footer={
        done ? (
          <Button block onClick={close}>
            Done
          </Button>
        ) : (
          <Button
            block
            disabled={!reason}
            loading={report.isPending}
            onClick={() => reason && report.mutate({ reason, note: note.trim() || undefined }, { onSuccess: () => setDone(true) })}
          >
            Send report
          </Button>
        )
      }
    >
      {done ? (
        <p role="status" className="text-[15px] text-muted">
          We’ll look into it. To stop them reaching you, block them from the chat’s menu.
        </p>
      ) : (
        <>
          <FormAlert message={report.isError ? errorMessage(report.error, FALLBACK_ERROR) : null} />
          <fieldset aria-labelledby={`${groupId}-l`} className="mb-3">
            <legend id={`${groupId}-l`} className="mb-2 text-sm font-semibold">
              What’s wrong?
            </legend>
            <div className="flex flex-col gap-1.5">
              {REASONS.map(([id, label]) => (
                <label
                  key={id}
                  className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-line px-4 has-[:checked]:border-brand-fg has-[:checked]:bg-brand-soft"
                >
                  <input
                    type="radio"
                    name={`${groupId}-reason`}
                    value={id}
                    checked={reason === id}
                    onChange={() => setReason(id)}
                    className="size-5 accent-brand-600"
                  />
                  <span className="text-[15px]">{label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <TextAreaField
            label="Anything else? (optional)"
            value={note}
            maxLength={500}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
          />
        </>
      )}
    </Sheet>
  );
}
