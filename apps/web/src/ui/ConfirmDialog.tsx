import type { ReactNode } from 'react';
import { Button } from './Button';
import { FormAlert } from './FormAlert';
import { Sheet } from './Sheet';

/** "Delete this …?": what it means, Cancel and a red button that does it (with why it failed, if it did). */
export function ConfirmDialog({
  open,
  onClose,
  title,
  body,
  confirm,
  busy,
  holdCancel,
  error,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  body: ReactNode;
  confirm: string;
  /** The confirmed action is on its way. */
  busy?: boolean;
  /** Cancel waits for it too. */
  holdCancel?: boolean;
  error?: string | null;
  onConfirm: () => void;
}) {
  return (
    <Sheet open={open} onClose={onClose} title={title} variant="modal">
      <p className="text-[15px] text-muted">{body}</p>
      <FormAlert message={error} />
      <div className="mt-5 flex gap-3">
        <Button variant="outline" block onClick={onClose} disabled={holdCancel && busy}>
          Cancel
        </Button>
        <Button variant="danger" block loading={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </Sheet>
  );
}
