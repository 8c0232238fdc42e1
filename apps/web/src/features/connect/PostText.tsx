import { Link } from 'react-router';
import type { Post } from '../../api/connect';
import { profilePath } from './format';

const TOKEN = /([@#][A-Za-z0-9_]{1,40})/g;

/** A post's text with its @mentions linked to the people and #tags to their pages. */
export function PostText({ text, mentions, className }: { text: string; mentions: Post['mentions']; className?: string }) {
  if (!text) return null;
  const byNick = new Map(mentions.map((m) => [m.nickName.toLowerCase(), m._id]));
  const parts = text.split(TOKEN);
  return (
    <p className={className ?? 'text-[15px] leading-relaxed break-words whitespace-pre-wrap'}>
      {parts.map((part, i) => {
        if (part.startsWith('@')) {
          const id = byNick.get(part.slice(1).toLowerCase());
          if (id)
            return (
              <Link key={i} to={profilePath(id)} className="font-semibold text-brand-fg hover:underline">
                {part}
              </Link>
            );
        }
        if (part.startsWith('#') && i % 2 === 1)
          return (
            <Link key={i} to={`/connect/tags/${part.slice(1).toLowerCase()}`} className="font-semibold text-brand-fg hover:underline">
              {part}
            </Link>
          );
        return part;
      })}
    </p>
  );
}
