import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, Forward, Reply, Star, StarOff, Trash2 } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { toast } from '../../lib/toast';
import { chatApi } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { listTime } from './format';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { useDeleteForMe, useSetStar, useStarredIds } from './actions';
import { FALLBACK_ERROR } from './ask';
import { chatKeys } from './cache';
import { applyAnyMessage } from './group-cache';
import { groupsApi } from './groups-api';
import { useAuth } from '../account';
import { ForwardSheet } from './ForwardSheet';
import type { BubbleView } from './MessageBubble';
import type { Thread } from './thread';

const icon = (I: typeof Reply) => <I className="size-5" aria-hidden="true" />;

/** What the quote of a message in its menu says. */
const quoteOf = (m: BubbleView) =>
  m.text || (m.msgType === 'image' ? 'Photo' : m.msgType === 'voice' ? 'Voice note' : m.msgType === 'payment' ? 'Payment' : 'Message');

/**
 * A message's actions (its long press or right click): Reply, Copy, Forward, Star, Save, what the
 * screen adds (message info, delete for everyone), and Delete for me.
 */
export function MessageActions({ thread, children }: { thread: Thread; children?: (m: BubbleView) => ReactNode }) {
  const { acting, setActing, setReplyTo } = thread;
  const qc = useQueryClient();
  const starred = useStarredIds();
  const setStar = useSetStar();
  const deleteForMe = useDeleteForMe();
  const [forwarding, setForwarding] = useState<BubbleView | null>(null);
  const close = useCallback(() => setActing(null), [setActing]);
  const stopForwarding = useCallback(() => setForwarding(null), []);
  const save = async (m: BubbleView) => {
    if (!m.id) return;
    try {
      await chatApi.saveMedia(m.id);
      toast.success(m.msgType === 'image' ? 'Photo saved' : 'Voice note saved');
      void qc.invalidateQueries({ queryKey: chatKeys.saved });
    } catch (err) {
      toast.error(errorMessage(err, FALLBACK_ERROR));
    }
  };
  const id = acting?.id ?? null;
  const isStarred = id !== null && starred.has(id);
  const then = (f: () => void) => () => {
    f();
    setActing(null);
  };
  return (
    <>
      <Sheet open={acting !== null} onClose={close} title="Message">
        {acting ? (
          <div className="flex flex-col gap-2">
            {/* The message acted on, quoted: the sheet covers the bottom of the thread, where it may be. */}
            <blockquote
              aria-label="The message"
              className={cn(
                'mb-1 rounded-2xl border-l-4 px-3 py-2 text-sm',
                acting.mine ? 'border-brand-600 bg-brand-soft/60' : 'border-line bg-surface-2',
              )}
            >
              <p className="line-clamp-3 break-words whitespace-pre-line">{quoteOf(acting)}</p>
              <p className="mt-0.5 text-xs text-muted">
                {acting.mine ? 'You · ' : ''}
                {listTime(acting.createdAt)}
              </p>
            </blockquote>
            <Button variant="outline" block icon={icon(Reply)} onClick={then(() => setReplyTo(acting))}>
              Reply
            </Button>
            {acting.text ? (
              <Button
                variant="outline"
                block
                icon={icon(Copy)}
                onClick={then(() => void navigator.clipboard?.writeText(acting.text).then(() => toast.success('Copied')))}
              >
                Copy
              </Button>
            ) : null}
            {id && acting.msgType !== 'payment' ? (
              <Button variant="outline" block icon={icon(Forward)} onClick={then(() => setForwarding(acting))}>
                Forward
              </Button>
            ) : null}
            {id ? (
              <Button
                variant="outline"
                block
                icon={icon(isStarred ? StarOff : Star)}
                onClick={then(() => setStar.mutate({ messageId: id, on: !isStarred }))}
              >
                {isStarred ? 'Unstar' : 'Star'}
              </Button>
            ) : null}
            {acting.msgType === 'image' || acting.msgType === 'voice' ? (
              <Button variant="outline" block icon={icon(Download)} onClick={then(() => void save(acting))}>
                {acting.msgType === 'image' ? 'Save photo' : 'Save voice note'}
              </Button>
            ) : null}
            {children?.(acting)}
            {id ? (
              <Button variant="outline" block className="text-danger-fg" icon={icon(Trash2)} onClick={then(() => deleteForMe.mutate(id))}>
                Delete for me
              </Button>
            ) : null}
          </div>
        ) : null}
      </Sheet>
      <ForwardSheet message={forwarding} onClose={stopForwarding} />
    </>
  );
}

/** How long after sending a message its sender may delete it for everyone (the server's rule). */
export const DELETE_WINDOW_MS = 3600_000;

/** "Delete for everyone": one's own message (not a payment) within an hour of sending; the others see "This message was deleted". */
export function DeleteForEveryone({ m, onDone }: { m: BubbleView; onDone: () => void }) {
  const me = useAuth((s) => s.userId) ?? '';
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: (messageId: string) => groupsApi.deleteForEveryone(messageId),
    onSuccess: (res) => {
      applyAnyMessage(qc, me, res.data);
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, FALLBACK_ERROR)),
  });
  const [confirming, setConfirming] = useState(false);
  if (!m.mine || !m.id || m.msgType === 'payment' || Date.now() - Date.parse(m.createdAt) >= DELETE_WINDOW_MS) return null;
  if (!confirming)
    return (
      <Button variant="danger" block icon={icon(Trash2)} onClick={() => setConfirming(true)}>
        Delete for everyone
      </Button>
    );
  // It cannot be undone, and the others see that a message was deleted: asked once more.
  return (
    <div
      role="group"
      aria-label="Delete for everyone?"
      className="flex flex-col gap-2 rounded-2xl border border-danger-fg/30 bg-danger-soft p-3"
    >
      <p className="text-sm">Delete this message for everyone? They will see “This message was deleted”. This cannot be undone.</p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" block onClick={() => setConfirming(false)} disabled={remove.isPending}>
          Keep it
        </Button>
        <Button variant="danger-solid" block loading={remove.isPending} onClick={() => remove.mutate(m.id!)}>
          Delete
        </Button>
      </div>
    </div>
  );
}
