import { MessageCircle, ShoppingBag, Sparkles, Users, Wallet } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';

const AREAS = {
  pay: { name: 'Pay', icon: Wallet, text: 'Send money to friends and banks, buy airtime and data, and pay your bills in seconds.' },
  connect: {
    name: 'Connect',
    icon: Users,
    text: 'Share posts and stories, follow friends and join communities that share your interests.',
  },
  chat: { name: 'Chat', icon: MessageCircle, text: 'Message friends, send voice notes and make voice or video calls without leaving Owo.' },
  shop: {
    name: 'Shop',
    icon: ShoppingBag,
    text: 'Browse shops near you, save favourites to your wishlist and pay straight from your wallet.',
  },
} as const;

export type ComingSoonArea = keyof typeof AREAS;

export default function ComingSoonPage({ area }: { area: ComingSoonArea }) {
  const { name, icon: Icon, text } = AREAS[area];
  return (
    <div className="flex min-h-[calc(100dvh-7rem)] flex-col justify-center">
      <p className="mb-1 text-center text-xs font-semibold tracking-[0.2em] text-brand-fg uppercase">{name}</p>
      <EmptyState level={1} title="Coming soon" icon={<Icon className="size-9" strokeWidth={1.8} />}>
        <p>{text}</p>
        <p className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-surface-2 px-3 py-1.5 text-sm font-medium text-fg">
          <Sparkles className="size-4 text-accent-500" aria-hidden="true" />
          We&apos;re putting on the finishing touches
        </p>
      </EmptyState>
    </div>
  );
}
