import { ImagePlus, Mic, SendHorizontal, Trash2, X } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatUser } from '../../api/chat';
import { useMentions } from './mentions';
import { toast } from '../../lib/toast';
import { checkImage } from '../../api/upload';
import { cn } from '../../lib/cn';
import { FileButton } from '../../ui/FilePicker';
import { clock } from './format';
import type { BubbleView } from './MessageBubble';
import { enqueue } from './outbox';
import { noteTyping, stopTyping } from './typing';
import type { ReplyPreview } from './types';
import { type VoiceNote, canRecord, useRecorder } from './use-recorder';

const replyPreviewOf = (m: BubbleView, fromUserId: string): ReplyPreview => ({
  id: m.id!,
  fromUserId: m.fromUserId ?? fromUserId,
  msgType: m.msgType,
  text: m.text || (m.msgType === 'image' ? 'Photo' : m.msgType === 'voice' ? 'Voice note' : 'Payment'),
});

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-fg disabled:opacity-50';

/**
 * The message box: text (Enter sends, Shift+Enter a new line), a photo, a voice note (record,
 * then send or cancel), with the message replied to shown above it. Everything goes through the
 * outbox, so it shows at once and is sent when it can be.
 */
export function Composer({
  toUserId,
  groupId,
  members,
  me,
  replyTo,
  replyName,
  onCancelReply,
  onSent,
}: {
  /** The person; in a group, the group (with `groupId`). */
  toUserId: string;
  groupId?: string;
  /** A group's other members, to mention with @. */
  members?: ChatUser[];
  me: string;
  replyTo: BubbleView | null;
  replyName: string;
  onCancelReply: () => void;
  onSent: () => void;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const reply = replyTo ? replyPreviewOf(replyTo, replyTo.mine ? me : toUserId) : null;
  const to = useMemo(() => ({ toUserId, ...(groupId ? { groupId } : {}) }), [toUserId, groupId]);
  const mention = useMentions(members ?? [], text, setText, input);
  // Typing is told to the person, or to the group's other members.
  const typing = (on: boolean) => {
    if (on) noteTyping(groupId ?? toUserId, Boolean(groupId));
    else stopTyping(groupId ?? toUserId, Boolean(groupId));
  };

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const sendVoice = useCallback(
    (note: VoiceNote | null) => {
      if (!note) return;
      if (note.durationMs < 700) {
        toast.info('Hold on a little longer to record a voice note');
        return;
      }
      enqueue({ ...to, msgType: 'voice', blob: note.blob, blobName: note.name, replyTo: reply });
      onCancelReply();
      onSent();
    },
    [to, reply, onCancelReply, onSent],
  );
  const recorder = useRecorder(sendVoice);

  const send = () => {
    const body = text.trim();
    if (!body) return;
    const mentions = mention.inText(body);
    enqueue({ ...to, msgType: 'text', text: body, replyTo: reply, ...(mentions.length ? { mentions } : {}) });
    setText('');
    typing(false);
    onCancelReply();
    onSent();
    input.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKey(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const startRecording = () => {
    recorder.start().catch((err: unknown) => {
      const denied = err instanceof DOMException && err.name === 'NotAllowedError';
      toast.error(denied ? 'Allow Owo to use your microphone to record voice notes.' : 'Recording is not available on this device.');
    });
  };

  return (
    <div className="border-t border-line bg-surface/95 px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur">
      {reply ? (
        <div className="mx-1 mb-2 flex items-start gap-2 rounded-2xl border-l-4 border-brand-600 bg-surface-2 py-2 pr-1 pl-3">
          <div className="min-w-0 flex-1" aria-live="polite">
            <p className="text-xs font-semibold text-brand-fg">Replying to {replyName}</p>
            <p className="truncate text-sm text-muted">{reply.text}</p>
          </div>
          <button type="button" aria-label="Cancel reply" onClick={onCancelReply} className={cn(iconButton, 'size-9')}>
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {mention.list}
      {recorder.recording ? (
        <div className="flex items-center gap-2" role="group" aria-label="Recording a voice note">
          <button type="button" aria-label="Cancel recording" onClick={() => void recorder.cancel()} className={iconButton}>
            <Trash2 className="size-5" aria-hidden="true" />
          </button>
          <p className="flex flex-1 items-center gap-2 text-sm font-semibold text-danger-fg" role="timer" aria-live="off">
            <span className="size-2.5 animate-pulse rounded-full bg-danger-fg" aria-hidden="true" />
            <span className="tabular-nums">{clock(recorder.elapsed)}</span>
            <span className="font-normal text-muted">Recording…</span>
          </p>
          <button
            type="button"
            aria-label="Send voice note"
            onClick={() => void recorder.stop().then(sendVoice)}
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
          >
            <SendHorizontal className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <div className="flex items-end gap-1">
          <FileButton
            className={cn(iconButton, 'cursor-pointer')}
            title="Send a photo"
            check={checkImage}
            onProblem={(problem) => void toast.error(problem)}
            onFiles={([file]) => {
              if (!file) return;
              enqueue({ ...to, msgType: 'image', blob: file, blobName: file.name, replyTo: reply });
              onCancelReply();
              onSent();
            }}
          >
            <ImagePlus className="size-5" aria-hidden="true" />
            <span className="sr-only">Send a photo</span>
          </FileButton>
          <textarea
            ref={input}
            rows={1}
            aria-label="Message"
            placeholder="Message"
            value={text}
            maxLength={4000}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim()) typing(true);
            }}
            onBlur={() => typing(false)}
            onKeyDown={onKey}
            className="field-sizing-content max-h-36 min-h-11 flex-1 resize-none rounded-3xl border border-line bg-surface px-4 py-2.5 text-[15px] leading-snug outline-none placeholder:text-subtle focus:border-brand-fg"
          />
          {text.trim() ? (
            <button
              type="button"
              aria-label="Send"
              onClick={send}
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
            >
              <SendHorizontal className="size-5" aria-hidden="true" />
            </button>
          ) : (
            <button
              type="button"
              aria-label="Record a voice note"
              onClick={startRecording}
              disabled={!canRecord()}
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-50"
            >
              <Mic className="size-5" aria-hidden="true" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
