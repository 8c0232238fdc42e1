import { Ban, Flag, MoreVertical, Search, UserX } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { BlockConfirm, ReportSheet } from './BlockControls';
import { useSetBlocked } from './blocks';
import { ChatSearchSheet } from './ChatSearch';

/** A conversation's menu: search its messages, block or unblock the person, report the conversation, the blocked people list. */
export function ChatMenu({
  userId,
  name,
  blocked,
  conversationId,
  className = 'flex size-11 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft',
}: {
  userId: string;
  name: string;
  blocked: boolean | undefined;
  /** The conversation's id, once it has a message (search needs it). */
  conversationId: string | null;
  /** The menu button's look (the header's other buttons'). */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [searching, setSearching] = useState(false);
  const setBlocked = useSetBlocked(userId, name);
  // Stable: a sheet takes focus again whenever its onClose changes (the header re-renders often).
  const closeMenu = useCallback(() => setOpen(false), []);
  const stopAsking = useCallback(() => setAsking(false), []);
  const stopReporting = useCallback(() => setReporting(false), []);
  const stopSearching = useCallback(() => setSearching(false), []);
  return (
    <>
      <button type="button" aria-label="Chat options" onClick={() => setOpen(true)} className={className}>
        <MoreVertical className="size-5" aria-hidden="true" />
      </button>
      <Sheet open={open} onClose={closeMenu} title="Chat options">
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            block
            disabled={!conversationId}
            icon={<Search className="size-5" aria-hidden="true" />}
            onClick={() => {
              setOpen(false);
              setSearching(true);
            }}
          >
            Search in chat
          </Button>
          {blocked ? (
            <Button
              variant="outline"
              block
              loading={setBlocked.isPending}
              icon={<Ban className="size-5" aria-hidden="true" />}
              onClick={() => setBlocked.mutate(false, { onSuccess: () => setOpen(false) })}
            >
              Unblock {name}
            </Button>
          ) : (
            <Button
              variant="danger"
              block
              disabled={blocked === undefined}
              icon={<Ban className="size-5" aria-hidden="true" />}
              onClick={() => {
                setOpen(false);
                setAsking(true);
              }}
            >
              Block {name}
            </Button>
          )}
          <Button
            variant="outline"
            block
            icon={<Flag className="size-5" aria-hidden="true" />}
            onClick={() => {
              setOpen(false);
              setReporting(true);
            }}
          >
            Report conversation
          </Button>
          <Link to="/chat/blocked" className={buttonClasses({ variant: 'ghost', block: true })}>
            <UserX className="size-5" aria-hidden="true" />
            Blocked people
          </Link>
        </div>
      </Sheet>
      <BlockConfirm open={asking} onClose={stopAsking} userId={userId} name={name} />
      <ChatSearchSheet conversationId={conversationId} open={searching} onClose={stopSearching} />
      <ReportSheet open={reporting} onClose={stopReporting} userId={userId} name={name} />
    </>
  );
}
