import { NavLink } from 'react-router';
import type { ChatUser } from '../../api/chat';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { fullName } from './cache';

/** "Chats | Calls": the two lists of the area, as links (each is its own page). */
export function ChatTabs() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex min-h-11 flex-1 items-center justify-center rounded-xl text-sm font-semibold transition-colors',
      isActive ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
    );
  return (
    <nav aria-label="Chat lists" className="mb-3 flex rounded-2xl bg-surface-2 p-1">
      <NavLink to="/chat" end className={tab}>
        Chats
      </NavLink>
      <NavLink to="/chat/calls" className={tab}>
        Calls
      </NavLink>
      <NavLink to="/chat/saved" className={tab}>
        Saved
      </NavLink>
    </nav>
  );
}

/** The area's top bar: title and actions. */
export function ChatHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <header className="sticky top-0 z-20 -mx-5 flex min-h-16 items-center gap-1 bg-canvas/90 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
      <h1 className="flex-1 text-xl font-bold tracking-tight">{title}</h1>
      {children}
    </header>
  );
}

/** A person in a list: the photo, the name (or `name`, as "You") and the @nickname. */
export function PersonLine({ person, name }: { person: ChatUser; name?: string }) {
  return (
    <>
      <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} size="sm" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold">{name ?? fullName(person)}</span>
        {person.nickName ? <span className="truncate text-sm text-muted">@{person.nickName}</span> : null}
      </span>
    </>
  );
}
